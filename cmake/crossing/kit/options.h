// A fixture for layering_includes_catches_a_library_on_the_cli: the kit is
// a library under the command line and never includes it.
#pragma once

#include "cli/options.h"
