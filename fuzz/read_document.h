// The reader harnesses (fuzz_read_<kind>.cpp): any bytes given to a reader
// either fail with an InputError whose message starts with the document's
// name, or give a value that the canonical writer writes, the reader reads
// again and the writer writes to the same bytes. Anything else aborts.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

#include "interchange/io.h"

namespace regcon::fuzz {

template <class Read, class Write>
int readAndWriteBack(const uint8_t* data, size_t size, const char* document,
                     Read read, Write write) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::ostringstream first;
  try {
    write(first, read(in, document));
  } catch (const InputError& e) {
    if (std::string(e.what()).rfind(document, 0) == 0) return 0;
    std::fprintf(stderr, "message does not name the document: %s\n", e.what());
    std::abort();
  }
  std::istringstream again(first.str());
  std::ostringstream second;
  try {
    write(second, read(again, document));
  } catch (const InputError& e) {
    std::fprintf(stderr, "the written document is rejected: %s\n%s\n", e.what(),
                 first.str().c_str());
    std::abort();
  }
  if (first.str() != second.str()) {
    std::fprintf(stderr, "round trip differs:\n%s\n%s\n", first.str().c_str(),
                 second.str().c_str());
    std::abort();
  }
  return 0;
}

}  // namespace regcon::fuzz

// One reader harness: the document's name, its reader and its writer.
#define REGCON_READER_HARNESS(document, read, write)                          \
  extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {   \
    return regcon::fuzz::readAndWriteBack(data, size, document, read, write); \
  }                                                                           \
  extern "C" void RegconFuzzPrintInput(const uint8_t* data, size_t size) {    \
    std::fwrite(data, 1, size, stdout);                                       \
    std::printf("\n");                                                        \
  }
