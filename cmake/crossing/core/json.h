// A fixture for layering_includes_catches_a_third_party_header: core/ must
// link no third-party library, so it includes none.
#pragma once

#include <nlohmann/json.hpp>
