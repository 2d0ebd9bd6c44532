// Any bytes given to the heightfield reader either fail with InputError
// (whose message names the document) or give a heightfield that writes
// and reads back to the same bytes. Anything else aborts.
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

#include "core/io.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  regcon::Heightfield hf;
  try {
    hf = regcon::readHeightfield(in, "fuzz.chf.json");
  } catch (const regcon::InputError& e) {
    if (std::string(e.what()).rfind("fuzz.chf.json", 0) != 0) {
      std::fprintf(stderr, "message does not name the document: %s\n",
                   e.what());
      std::abort();
    }
    return 0;
  }
  std::ostringstream first;
  regcon::writeHeightfield(first, hf);
  std::istringstream again(first.str());
  std::ostringstream second;
  regcon::writeHeightfield(second,
                           regcon::readHeightfield(again, "fuzz.chf.json"));
  if (first.str() != second.str()) {
    std::fprintf(stderr, "round trip differs:\n%s\n%s\n", first.str().c_str(),
                 second.str().c_str());
    std::abort();
  }
  return 0;
}
