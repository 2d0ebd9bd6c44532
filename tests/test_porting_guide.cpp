// docs/porting.md as a porter copies it: the Python adapter is taken out of
// the Markdown (the ```python block marked `# regcon adapter`) and run,
// unchanged, around a correct port: its `solve` is replaced by one that
// hands the documents the adapter parsed, written back as JSON, to the
// reference (`regcon run --batch`). So what is tested is the adapter's own
// reading of the documents and its answers in both modes. The guide's
// must-reject table and its expected-failures example are checked against
// the shipped manifest.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "kit/process.h"
#include "tests/cli_support.h"

namespace regcon {
namespace {

using namespace testing::cli_names;

const fs::path kSource = REGCON_SOURCE_DIR;
const fs::path kGuide = kSource / "docs" / "porting.md";
const fs::path kManifest = kSource / "conformance" / "manifest.json";

// The fenced blocks of `markdown` whose info string is `language` (empty:
// a bare fence), without their fences.
std::vector<std::string> fencedBlocks(const std::string& markdown,
                                      const std::string& language) {
  std::vector<std::string> blocks;
  std::istringstream lines(markdown);
  std::string line;
  std::string block;
  std::string info;
  bool inside = false;
  while (std::getline(lines, line)) {
    if (!inside && line.rfind("```", 0) == 0) {
      inside = true;
      info = line.substr(3);
      block.clear();
    } else if (inside && line == "```") {
      inside = false;
      if (info == language) blocks.push_back(block);
    } else if (inside) {
      block += line + "\n";
    }
  }
  return blocks;
}

// The one block with a line that starts with `marker`; empty (and a
// failure) when none or several have one.
std::string blockWithLine(const std::string& language,
                          const std::string& marker) {
  std::vector<std::string> found;
  for (const std::string& block : fencedBlocks(readText(kGuide), language)) {
    if (("\n" + block).find("\n" + marker) != std::string::npos) {
      found.push_back(block);
    }
  }
  EXPECT_EQ(found.size(), 1u) << "docs/porting.md: one ```" << language
                              << " block with a line '" << marker << "...'";
  return found.size() == 1 ? found.front() : std::string();
}

json manifest() {
  return json::parse(readText(kManifest));
}

std::set<std::string> caseIds(const json& suite) {
  std::set<std::string> ids;
  for (const char* kind : {"cases", "mustReject"}) {
    for (const json& c : suite[kind]) ids.insert(c["id"].get<std::string>());
  }
  return ids;
}

// A JSON string literal is a Python string literal for these paths.
std::string pythonString(const std::string& text) {
  return json(text).dump();
}

// The correct port behind the adapter. Documents the adapter should have
// rejected but passed on (NaN, an overflowing number) cannot be written
// back: the case then gets no result ({}), so it fails instead of passing as
// a rejection. A duplicate key the adapter let through is lost in the dict,
// so the reference accepts the document and the case fails as `accepted`.
std::string portScript(const fs::path& scratch) {
  return R"(import json
import os
import subprocess
import sys
import tempfile

import adapter

REGCON = )" +
         pythonString(kRegcon) +
         R"(
SCRATCH = )" +
         pythonString(scratch.string()) +
         R"(
reference = None


def solve(chf, settings):
    global reference
    try:
        texts = [json.dumps(d, allow_nan=False) for d in (chf, settings)]
    except ValueError:
        return {}
    if reference is None:
        reference = subprocess.Popen([REGCON, "run", "--batch"], text=True,
                                     stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE)
    with tempfile.TemporaryDirectory(dir=SCRATCH) as folder:
        paths = [os.path.join(folder, name) for name in ("c.json", "s.json")]
        for path, text in zip(paths, texts):
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        request = {"chf": paths[0], "settings": paths[1]}
        reference.stdin.write(json.dumps(request) + "\n")
        reference.stdin.flush()
        line = reference.stdout.readline()
    if not line:
        return {}
    answer = json.loads(line)
    if "error" in answer:
        raise adapter.InputError(answer["error"])
    return answer


adapter.solve = solve
sys.exit(adapter.main(sys.argv[1:]))
)";
}

int runShell(const std::string& command) {
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

class PortingGuideTest : public testing::TestDirectory {
 protected:
  PortingGuideTest() : TestDirectory("porting_guide") {}

  void SetUp() override {
    TestDirectory::SetUp();
    fs::create_directories(path("scratch"));
    writeText(path("adapter.py"), blockWithLine("python", "# regcon adapter"));
    writeText(path("port.py"), portScript(path("scratch")));
  }

  std::string port() const {
    return "python3 " + shellQuote(path("port.py").string());
  }

  // `regcon suite` on the port; the parsed JSON report (null when none).
  json suite(const std::string& options, int& exitCode) {
    const fs::path report = path("report.json");
    fs::remove(report);
    exitCode =
        testing::runRegcon("suite " + shellQuote(port()) + " --jobs 2 --json " +
                               shellQuote(report.string()) + " " + options,
                           path("suite.out"), path("suite.err"));
    return fs::exists(report) ? json::parse(readText(report)) : json();
  }

  // Every case of `report` passes, the must-reject ones included, and no
  // scratch file of the port is left behind.
  void expectEveryCasePasses(const json& report, size_t expectedCases) {
    ASSERT_TRUE(report.is_object()) << readText(path("suite.err"));
    EXPECT_TRUE(report["conforms"].get<bool>());
    EXPECT_EQ(report["cases"].size(), expectedCases);
    std::map<std::string, std::string> statusOf;
    for (const json& c : report["cases"]) {
      statusOf[c["id"]] = c["status"];
      EXPECT_EQ(c["status"], "pass") << c["id"] << ": " << c["message"] << "\n"
                                     << c["stderrTail"];
    }
    const json suiteManifest = manifest();
    for (const json& c : suiteManifest["mustReject"]) {
      EXPECT_EQ(statusOf[c["id"]], "pass")
          << c["id"] << " (" << c["rule"] << ")";
    }
    EXPECT_TRUE(fs::is_empty(path("scratch")));
  }
};
// ctest -R porting_guide finds these tests by their suite name.
using porting_guide = PortingGuideTest;

TEST_F(porting_guide, AdapterConformsInBatchModeOnTheWholeSuite) {
  const json suiteManifest = manifest();
  int exitCode = -1;
  const json report = suite("--batch", exitCode);
  EXPECT_EQ(exitCode, 0) << readText(path("suite.out"));
  expectEveryCasePasses(report, suiteManifest["cases"].size() +
                                    suiteManifest["mustReject"].size());
}

// Per process a Python adapter costs an interpreter per case (minutes for
// the whole suite under ASan): every must-reject case and the worked
// vectors are enough to show the same answers as in batch mode.
TEST_F(porting_guide, AdapterConformsPerProcessOnEveryMustRejectAndTheVectors) {
  const json suiteManifest = manifest();
  size_t vectors = 0;
  for (const json& c : suiteManifest["cases"]) {
    const std::string id = c["id"];
    vectors += id.rfind("vector/", 0) == 0;
  }
  int exitCode = -1;
  const json report = suite("--filter reject,vector", exitCode);
  EXPECT_EQ(exitCode, 0) << readText(path("suite.out"));
  expectEveryCasePasses(report, suiteManifest["mustReject"].size() + vectors);
}

// What Python's json lets through that JSON does not, and what it refuses
// that the reference takes (a byte order mark), in an ignored top-level key
// or as the whole document: the adapter answers like `regcon run`, in both
// modes.
TEST_F(porting_guide, AdapterReadsStrictJsonLikeTheReferenceInBothModes) {
  const std::string valid =
      R"("format":"build3d.chf","version":1,"width":2,"depth":1,)"
      R"("counts":[1,1],"spans":[[0,1,-1,-1,0,-1],[0,1,0,-1,-1,-1]])";
  const std::vector<std::pair<std::string, std::string>> documents = {
      {"nan", "{" + valid + R"(,"x":NaN})"},
      {"infinity", "{" + valid + R"(,"x":-Infinity})"},
      {"overflow", "{" + valid + R"(,"x":1e400})"},
      {"long-integer", "{" + valid + R"(,"x":)" + std::string(400, '9') + "}"},
      {"nested-duplicate", "{" + valid + R"(,"x":[{"a":1,"a":2}]})"},
      {"bad-utf8", "{" + valid + ",\"x\":\"\xff\"}"},
      {"array", "[1]"},
      {"empty", ""},
      {"trailing", "{" + valid + "} x"},
      {"bom", "\xef\xbb\xbf{" + valid + "}"},
      {"underflow-and-minus-zero", "{" + valid + R"(,"x":[1e-400,-0]})"},
  };
  const fs::path settings = path("default.settings.json");
  writeText(settings, R"({"format":"build3d.settings","version":1})");
  std::string requests;
  std::vector<bool> referenceAccepts;
  for (const auto& [name, text] : documents) {
    const fs::path chf = path(name + ".chf.json");
    writeText(chf, text);
    const std::string files =
        shellQuote(chf.string()) + " " + shellQuote(settings.string());
    const bool accepted = testing::runRegcon("run " + files, path("ref.out"),
                                             path("ref.err")) == 0;
    referenceAccepts.push_back(accepted);
    const int adapterExit =
        runShell(port() + " " + files + " >" +
                 shellQuote(path("one.out").string()) + " 2>/dev/null");
    EXPECT_EQ(adapterExit == 0, accepted) << name << ": exit " << adapterExit;
    requests +=
        json{{"chf", chf.string()}, {"settings", settings.string()}}.dump() +
        "\n";
  }
  writeText(path("requests.jsonl"), requests);
  EXPECT_EQ(runShell(port() + " --batch <" +
                     shellQuote(path("requests.jsonl").string()) + " >" +
                     shellQuote(path("batch.out").string()) + " 2>/dev/null"),
            0);
  std::istringstream answers(readText(path("batch.out")));
  std::string line;
  for (size_t i = 0; i < documents.size(); ++i) {
    ASSERT_TRUE(std::getline(answers, line)) << documents[i].first;
    const json answer = json::parse(line);
    EXPECT_EQ(!answer.contains("error"), referenceAccepts[i])
        << documents[i].first << ": " << line;
  }
  EXPECT_FALSE(std::getline(answers, line)) << "an answer too many: " << line;
  EXPECT_TRUE(fs::is_empty(path("scratch")));
}

TEST_F(porting_guide, GuideNamesEveryMustRejectCaseAndItsRule) {
  const std::string guide = readText(kGuide);
  const json suiteManifest = manifest();
  for (const json& c : suiteManifest["mustReject"]) {
    const std::string row = "| `" + c["id"].get<std::string>() + "` | " +
                            c["rule"].get<std::string>() + " |";
    EXPECT_NE(guide.find(row), std::string::npos)
        << "docs/porting.md lacks the must-reject row " << row;
  }
}

TEST_F(porting_guide, ExpectedFailuresExampleNamesRealCases) {
  const std::string example = blockWithLine("", "# conformance-gaps.txt");
  const std::set<std::string> ids = caseIds(manifest());
  std::istringstream lines(example);
  std::string line;
  std::string listed;
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] == '#') continue;
    const std::string id = line.substr(0, line.find(' '));
    EXPECT_TRUE(ids.count(id)) << id << " is not a case id of the manifest";
    listed += (listed.empty() ? "" : ",") + id;
  }
  ASSERT_FALSE(listed.empty());
  writeText(path("gaps.txt"), example);
  // The reference passes the listed cases, so each is an unexpected pass
  // (exit 5); a bad file would exit 2.
  const int exitCode = testing::runRegcon(
      "suite " + shellQuote(kRegcon + " run") + " --filter " + listed +
          " --expected-failures " + shellQuote(path("gaps.txt").string()) +
          " --json " + shellQuote(path("report.json").string()),
      path("suite.out"), path("suite.err"));
  EXPECT_EQ(exitCode, 5) << readText(path("suite.err"));
  const json report = json::parse(readText(path("report.json")));
  for (const json& c : report["cases"]) {
    EXPECT_EQ(c["outcome"], "unexpected-pass") << c["id"];
  }
}

}  // namespace
}  // namespace regcon
