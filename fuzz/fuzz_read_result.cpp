// The result reader (interchange §6), which `regcon conform` runs on a foreign
// command's output, against any bytes.
#include "fuzz/read_document.h"

REGCON_READER_HARNESS("fuzz.result.json", regcon::readResult,
                      regcon::writeResult)
