// The regions reader (interchange §3), which `regcon conform` runs on a foreign
// command's output, against any bytes.
#include "fuzz/read_document.h"

REGCON_READER_HARNESS("fuzz.regions.json", regcon::readRegions,
                      regcon::writeRegions)
