// The heightfield reader (interchange §1) against any bytes.
#include "fuzz/read_document.h"

REGCON_READER_HARNESS("fuzz.chf.json", regcon::readHeightfield,
                      regcon::writeHeightfield)
