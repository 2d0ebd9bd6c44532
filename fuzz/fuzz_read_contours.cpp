// The contours reader (interchange §4), which `regcon conform` runs on a
// foreign command's output, against any bytes.
#include "fuzz/read_document.h"

REGCON_READER_HARNESS("fuzz.contours.json", regcon::readContours,
                      regcon::writeContours)
