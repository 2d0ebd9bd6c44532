// The settings reader (interchange §2) against any bytes.
#include "fuzz/read_document.h"

REGCON_READER_HARNESS("fuzz.settings.json", regcon::readSettings,
                      regcon::writeSettings)
