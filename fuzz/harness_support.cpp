#include "fuzz/harness_support.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "interchange/hash.h"
#include "interchange/io.h"

namespace regcon::fuzz {

std::string threeHashes(const StageResult& r) {
  const auto& distances = r.regions.distances;
  return "distances " + (distances ? hashDistances(*distances) : "-") +
         "\nregions   " + hashRegions(r.regions) + "\ncontours  " +
         hashContours(r.contours) + "\n";
}

std::string everyHash(const std::vector<Answer>& answers) {
  std::string text;
  for (const Answer& a : answers) {
    text += a.impl->name() + ":\n" + threeHashes(a.result);
  }
  return text;
}

void printCase(const FuzzCase& fuzzCase) {
  std::ostringstream doc, set;
  writeHeightfield(doc, toHeightfield(fuzzCase));
  writeSettings(set, fuzzCase.settings);
  std::printf("heightfield:\n%s\nsettings:\n%s\n", doc.str().c_str(),
              set.str().c_str());
}

FailureFiles failureFiles(const char* harness) {
  const char* folder = std::getenv("REGCON_FUZZ_FAILURES");
  // The process id tells apart the workers of one -fork or -jobs run, which
  // share the folder and may fail at the same moment.
  const std::filesystem::path base =
      std::filesystem::path(
          folder != nullptr && *folder != '\0' ? folder : "fuzz-failures") /
      (std::string(harness) + "-" + std::to_string(::getpid()));
  return {base.string() + ".chf.json", base.string() + ".settings.json"};
}

void fail(const char* harness, const Heightfield& hf, const Settings& settings,
          const std::string& what) {
  std::ostringstream doc, set;
  writeHeightfield(doc, hf);
  writeSettings(set, settings);
  const FailureFiles files = failureFiles(harness);
  std::error_code ignored;  // unwritable: the documents are printed below
  std::filesystem::create_directories(
      std::filesystem::path(files.heightfield).parent_path(), ignored);
  const std::string& chf = files.heightfield;
  const std::string& json = files.settings;
  std::ofstream(chf) << doc.str();
  std::ofstream(json) << set.str();
  std::fprintf(stderr, "%s\nheightfield: %s\nsettings: %s\n", what.c_str(),
               doc.str().c_str(), set.str().c_str());
  std::fprintf(stderr, "written: %s, %s (replay: regcon conform or run)\n",
               chf.c_str(), json.c_str());
  std::abort();
}

void failOnBrokenAnswer(
    const char* harness, const Heightfield& hf, const Settings& settings,
    const std::vector<Answer>& answers,
    const std::function<std::string(const Answer&)>& failure) {
  for (const Answer& a : answers) {
    const std::string what = failure(a);
    if (!what.empty()) {
      fail(harness, hf, settings,
           a.impl->name() + ": " + what + "\n" + everyHash(answers));
    }
  }
}

void failOnDisagreement(
    const char* harness, const Heightfield& hf, const Settings& settings,
    const std::vector<Answer>& answers,
    const std::function<Comparison(const Answer& first, const Answer& other,
                                   const CompareOptions& labels)>& compare) {
  for (size_t i = 1; i < answers.size(); ++i) {
    const Comparison comparison =
        compare(answers[0], answers[i],
                {.expectedLabel = answers[0].impl->name(),
                 .actualLabel = answers[i].impl->name()});
    const bool sameHashes =
        threeHashes(answers[0].result) == threeHashes(answers[i].result);
    if (comparison.same() && sameHashes) continue;
    fail(harness, hf, settings,
         answers[i].impl->name() + " disagrees with " +
             answers[0].impl->name() +
             (sameHashes ? " (same hashes)" : " (hashes differ)") + "\n" +
             comparison.report() + everyHash(answers));
  }
}

}  // namespace regcon::fuzz
