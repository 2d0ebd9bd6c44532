// `regcon suite` and `regcon conform` end to end, through the real binary
// and /bin/sh, against small fake ports: shell scripts that sleep, crash,
// print garbage, flood, reject with a message, do not exist, or misbehave
// in batch mode. Each gets its own status; the JSON report is parsed with
// nlohmann and the JUnit XML with libxml2. The reference, run as `regcon
// run`, passes the shipped suite per process and in batch mode, with either
// implementation. What a result says (mismatches, blame, expected
// failures, filters, pictures) is tested in process
// (test_suite_in_process.cpp).
#include <gtest/gtest.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "kit/file_names.h"
#include "kit/process.h"
#include "tests/cli_support.h"

namespace regcon {
namespace {

using namespace testing::cli_names;

// The JUnit report's counts, read by a real XML parser (libxml2): a
// malformed document fails the parse.
struct JunitCounts {
  bool wellFormed = false;
  std::map<std::string, std::string> suiteAttributes;
  int testcases = 0;
  std::map<std::string, int> children;  // failure, error, skipped
};

std::string name(const xmlNode* node) {
  return reinterpret_cast<const char*>(node->name);
}

void countJunitElements(const xmlNode* node, JunitCounts& counts) {
  for (; node; node = node->next) {
    if (node->type != XML_ELEMENT_NODE) continue;
    const std::string element = name(node);
    if (element == "testsuite") {
      for (const xmlAttr* a = node->properties; a; a = a->next) {
        xmlChar* value = xmlNodeListGetString(node->doc, a->children, 1);
        counts.suiteAttributes[reinterpret_cast<const char*>(a->name)] =
            reinterpret_cast<const char*>(value);
        xmlFree(value);
      }
    }
    if (element == "testcase") ++counts.testcases;
    if (element == "failure" || element == "error" || element == "skipped") {
      ++counts.children[element];
    }
    countJunitElements(node->children, counts);
  }
}

JunitCounts parseJunit(const std::string& xml) {
  JunitCounts counts;
  xmlDoc* doc = xmlReadMemory(xml.data(), static_cast<int>(xml.size()),
                              "report.xml", nullptr, XML_PARSE_NONET);
  counts.wellFormed = doc != nullptr;
  if (doc) {
    countJunitElements(xmlDocGetRootElement(doc), counts);
    xmlFreeDoc(doc);
  }
  return counts;
}

class Suite : public testing::TestDirectory {
 protected:
  Suite() : TestDirectory("regcon_test_suite") {}

  CliRun regcon(const std::string& args) {
    return testing::runCaptured(args, path(""));
  }

  // A fake port: a shell script; $1 is the heightfield, $2 the settings.
  std::string port(const std::string& name, const std::string& body) {
    return testing::writePort(path(""), name, body);
  }

  // The reference's answer passed through sed: a port with one planted bug
  // (that still rejects what the reference rejects).
  std::string sedPort(const std::string& name, const std::string& sed) {
    return port(name, "out=$(" + shellQuote(kRegcon) +
                          " run \"$1\" \"$2\") || exit $?\n"
                          "printf '%s\\n' \"$out\" | sed " +
                          shellQuote(sed));
  }

  std::string smallSuite() {
    return testing::writeSmallSuite(path("suite")).string();
  }

  // `regcon suite COMMAND` on the small suite with both reports.
  CliRun suite(const std::string& command, const std::string& options = "") {
    return regcon("suite " + shellQuote(command) + " --suite " +
                  shellQuote(smallSuite()) + " --json " +
                  shellQuote(path("report.json").string()) + " --junit " +
                  shellQuote(path("report.xml").string()) + " " + options);
  }

  json report() { return json::parse(readText(path("report.json"))); }
  JunitCounts junit() { return parseJunit(readText(path("report.xml"))); }

  // The case `id` of the JSON report has `status` and a message that
  // mentions `words`.
  void expectCase(const std::string& id, const std::string& status,
                  const std::string& words) {
    const json c = caseOf(id);
    EXPECT_EQ(c["status"], status) << c.dump();
    EXPECT_NE(c["message"].get<std::string>().find(words), std::string::npos)
        << c.dump();
  }

  json caseOf(const std::string& id) {
    const json all = report();
    for (const json& c : all["cases"]) {
      if (c["id"] == id) return c;
    }
    ADD_FAILURE() << "no case " << id << " in the JSON report";
    return json::object();
  }
};

TEST_F(Suite, TheReferencePassesEveryCaseWithBothReports) {
  const CliRun r = suite(kRegcon + " run");
  EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("\nconforms\n"), std::string::npos) << r.out;
  const json j = report();
  EXPECT_EQ(j["toolVersion"], "0.1.0");
  EXPECT_EQ(j["suiteVersion"], 1);
  EXPECT_TRUE(j["conforms"].get<bool>());
  ASSERT_EQ(j["cases"].size(), 3u);
  for (const json& c : j["cases"]) {
    EXPECT_EQ(c["status"], "pass") << c.dump();
    EXPECT_GE(c["seconds"].get<double>(), 0.0);
  }
  JunitCounts x = junit();
  ASSERT_TRUE(x.wellFormed);
  EXPECT_EQ(x.testcases, 3);
  EXPECT_EQ(x.suiteAttributes["tests"], "3");
  EXPECT_EQ(x.suiteAttributes["failures"], "0");
  EXPECT_EQ(x.suiteAttributes["errors"], "0");
  EXPECT_TRUE(x.children.empty());
}

TEST_F(Suite, ACommandThatSleepsPastTheTimeoutIsKilled) {
  const auto start = kit::Clock::now();
  const CliRun r = suite(port("sleepy", "sleep 30"), "--timeout 0.5 --jobs 3");
  EXPECT_EQ(r.exitCode, 5);
  EXPECT_LT(kit::Clock::now() - start, std::chrono::seconds(20));
  EXPECT_EQ(caseOf(kWatershedCase)["status"], "timeout");
  EXPECT_EQ(caseOf(kRejectCase)["status"], "timeout");
  JunitCounts x = junit();
  EXPECT_EQ(x.suiteAttributes["errors"], "3");
}

TEST_F(Suite, ACrashNamesItsSignal) {
  const CliRun r = suite(port("crash", "kill -SEGV $$"));
  EXPECT_EQ(r.exitCode, 5);
  expectCase(kWatershedCase, "crashed", "SIGSEGV");
  // A crash is no rejection, even of a document that must be rejected.
  EXPECT_EQ(caseOf(kRejectCase)["status"], "crashed");
}

// A port that crashes whenever it computes a partition, and is right on
// a given one: the probe asks variants and finds that every partition
// fails with §5.1 and §5.2 left out while the contours alone agree, so the
// step they share, §5.3, is blamed; the report lists the variants.
TEST_F(Suite, ACrashIsProbedAndBlamedOnTheStepTheVariantsPointAt) {
  const std::string reference = shellQuote(kRegcon) + " run \"$1\" \"$2\"";
  suite(port("crash-computing", "grep -q '\"regions\"' \"$1\" && exec " +
                                    reference + "\nkill -SEGV $$"));
  const json c = caseOf(kWatershedCase);
  EXPECT_EQ(c["status"], "crashed");
  EXPECT_EQ(c["spec"], "§5.3") << c.dump();
  EXPECT_EQ(c["clause"], "numbering");
  const json answers = c["probe"]["answers"];
  ASSERT_FALSE(answers.empty()) << c.dump();
  EXPECT_EQ(answers[0],
            "agrees with the reference's regions given (the contours alone)");
  EXPECT_NE(readText(path("stdout.txt")).find("probed: §5.3 numbering"),
            std::string::npos);
}

// A variant that hangs would cost --timeout a run: the probe stops there.
TEST_F(Suite, AProbeStopsAtAVariantThatTimesOut) {
  suite(port("crash-then-hang",
             "grep -q '\"regions\"' \"$1\" && exec sleep 30\nkill -SEGV $$"),
        "--timeout 1");
  const json c = caseOf(kWatershedCase);
  EXPECT_EQ(c["status"], "crashed");
  EXPECT_EQ(c["probe"]["note"], "not probed: a variant of the case timed out");
}

TEST_F(Suite, GarbageIsInvalidOutputSayingWhy) {
  suite(port("garbage", "echo 'hello, world'"));
  expectCase(kWatershedCase, "invalid-output", "command output");
  // Exit 0 with anything on a document that must be rejected: accepted.
  EXPECT_EQ(caseOf(kRejectCase)["status"], "accepted");
}

TEST_F(Suite, OutputPastTheCapIsInvalidOutput) {
  suite(port("flood", "exec yes"), "--max-output-mb 1");
  expectCase(kWatershedCase, "invalid-output", "--max-output-mb");
}

TEST_F(Suite, ARejectionShowsTheCommandsStderr) {
  const CliRun r =
      suite(port("reject", "echo 'myport: cannot read span 3' >&2; exit 3"));
  const json c = caseOf(kWatershedCase);
  EXPECT_EQ(c["status"], "rejected");
  EXPECT_NE(c["message"].get<std::string>().find("exit status 3"),
            std::string::npos);
  EXPECT_NE(c["stderrTail"].get<std::string>().find("cannot read span 3"),
            std::string::npos);
  EXPECT_NE(r.out.find("stderr| myport: cannot read span 3"), std::string::npos)
      << r.out;
  EXPECT_EQ(caseOf(kRejectCase)["status"], "pass");
}

TEST_F(Suite, AMissingCommandIsNotFound) {
  const CliRun r = suite(path("no-such-port").string());
  EXPECT_EQ(r.exitCode, 5);
  EXPECT_EQ(caseOf(kWatershedCase)["status"], "not-found");
  EXPECT_EQ(caseOf(kRejectCase)["status"], "not-found");
}

TEST_F(Suite, BadOptionsAndABadSuiteExitTwo) {
  const std::string command = kRegcon + " run";
  EXPECT_EQ(suite(command, "--jobs 0").exitCode, 2);
  EXPECT_EQ(suite(command, "--timeout -1").exitCode, 2);
  EXPECT_EQ(suite(command, "--no-such-flag").exitCode, 2);
  EXPECT_EQ(suite(command, "--filter no-such-tag").exitCode, 2);
  writeText(path("xfail.txt"), "vector/not-in-the-suite because\n");
  const CliRun unknownId =
      suite(command, "--expected-failures " + path("xfail.txt").string());
  EXPECT_EQ(unknownId.exitCode, 2);
  EXPECT_NE(unknownId.err.find("vector/not-in-the-suite"), std::string::npos);

  smallSuite();
  json manifest = json::parse(readText(path("suite/manifest.json")));
  manifest["cases"][1]["id"] = manifest["cases"][0]["id"];
  writeText(path("suite/manifest.json"), manifest.dump());
  const CliRun duplicate = regcon("suite " + shellQuote(command) + " --suite " +
                                  shellQuote(path("suite").string()));
  EXPECT_EQ(duplicate.exitCode, 2);
  EXPECT_NE(duplicate.err.find("cases[1].id: duplicate id"), std::string::npos)
      << duplicate.err;
}

// Batch mode (interchange §7) against fake batch ports: answers, a hang, a
// crash in flight. The request line is {"chf":"PATH","settings":"PATH"}.
std::string batchLoop(const std::string& onSecondRequest) {
  return "n=0\nwhile read -r line; do\n  n=$((n+1))\n"
         "  chf=$(echo \"$line\" | sed 's/.*\"chf\":\"\\([^\"]*\\)\".*/\\1/')\n"
         "  settings=$(echo \"$line\" | sed "
         "'s/.*\"settings\":\"\\([^\"]*\\)\".*/\\1/')\n"
         "  if [ $n -eq 2 ]; then " +
         onSecondRequest +
         "; fi\n"
         "  \"$REGCON\" run \"$chf\" \"$settings\" || echo '{\"error\": "
         "\"no\"}'\n"
         "done\n";
}

TEST_F(Suite, BatchModeTimesOutOneCaseAndRestartsForTheRest) {
  ::setenv("REGCON", kRegcon.c_str(), 1);
  const CliRun r = suite(port("hang", batchLoop("sleep 30")),
                         "--batch --timeout 2 --jobs 1");
  EXPECT_EQ(r.exitCode, 5) << r.out << r.err;
  EXPECT_EQ(caseOf(kWatershedCase)["status"], "pass");
  EXPECT_EQ(caseOf(kMonotoneCase)["status"], "timeout");
  // The new process answers the must-reject case with {"error": …}.
  EXPECT_EQ(caseOf(kRejectCase)["status"], "pass");
}

TEST_F(Suite, BatchProcessDyingMidBatchIsACrashOfTheCaseInFlight) {
  ::setenv("REGCON", kRegcon.c_str(), 1);
  const CliRun r = suite(port("dies", batchLoop("exit 0")), "--batch --jobs 1");
  EXPECT_EQ(r.exitCode, 5);
  EXPECT_EQ(caseOf(kWatershedCase)["status"], "pass");
  expectCase(kMonotoneCase, "crashed", "before answering");
  EXPECT_EQ(caseOf(kRejectCase)["status"], "pass");
}

TEST_F(Suite, ACommandWithoutBatchModeFailsEveryCaseInBatch) {
  // `regcon run --batch` needs no CHF; a port that insists on one exits 2.
  const CliRun r = suite(
      port("nobatch", "[ \"$1\" = --batch ] && exit 2; exit 0"), "--batch");
  EXPECT_EQ(r.exitCode, 5);
  EXPECT_EQ(caseOf(kWatershedCase)["status"], "crashed");
}

// The shipped suite: the reference passes every case per process (as a
// porter runs it); both implementations pass every case in batch mode, whose
// answers must equal the per-process ones (interchange §7); per process the
// optimized one runs the worked vectors only, to keep `make test` short (a
// process of the sanitized build takes about 0.25 s).
class ShippedSuite : public Suite {
 protected:
  void expectEveryCasePasses(const std::string& command,
                             const std::string& options) {
    const CliRun r =
        regcon("suite " + shellQuote(command) + " --jobs 2 " + options +
               " --json " + shellQuote(path("report.json").string()));
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    const json j = report();
    EXPECT_EQ(j["suiteDir"], kShippedSuite.string());
    EXPECT_FALSE(j["cases"].empty());
    for (const json& c : j["cases"]) EXPECT_EQ(c["status"], "pass") << c.dump();
  }
};

TEST_F(ShippedSuite, TheReferencePassesEveryCasePerProcess) {
  expectEveryCasePasses(kRegcon + " run", "");
}

TEST_F(ShippedSuite, TheOptimizedPassesTheWorkedVectorsPerProcess) {
  expectEveryCasePasses(kRegcon + " run --impl optimized", "--filter vector");
}

TEST_F(ShippedSuite, TheReferencePassesEveryCaseInBatchMode) {
  expectEveryCasePasses(kRegcon + " run --impl reference", "--batch");
  EXPECT_EQ(report()["mode"], "batch");
}

TEST_F(ShippedSuite, TheOptimizedPassesEveryCaseInBatchMode) {
  expectEveryCasePasses(kRegcon + " run --impl optimized", "--batch");
}

// What the suite computes beyond a case's hashes (the differences, their
// blame, the probe's variants) comes from --impl: the optimized
// implementation by default, the reference when asked. Both give the
// reference's bytes, so the reports are the same but for the times.
TEST_F(Suite, EitherImplementationGivesTheSameReports) {
  const auto withoutTimes = [](json r) {
    r.erase("seconds");
    for (json& c : r["cases"]) c.erase("seconds");
    return r;
  };
  const std::string wrong = sedPort("wrong", kAlterFirstRegionId);
  const std::string crashing = port("crashing", "kill -SEGV $$");
  for (const std::string& command : {wrong, crashing}) {
    EXPECT_EQ(suite(command, "--impl reference").exitCode, 5) << command;
    const json byReference = withoutTimes(report());
    EXPECT_EQ(suite(command).exitCode, 5) << command;
    const json byDefault = withoutTimes(report());
    EXPECT_EQ(byDefault, byReference) << command;
    EXPECT_GT(byDefault["summary"]["failing"].get<int>(), 0) << command;
  }
  // The crashing port's cases were probed, so the probe's variants were
  // made by each implementation in turn.
  const json last = report();
  bool probed = false;
  for (const json& c : last["cases"]) {
    probed |= c.contains("probe") && !c["probe"]["answers"].empty();
  }
  EXPECT_TRUE(probed) << last.dump(1);
}

TEST_F(Suite, VersionNamesToolAndSuite) {
  const CliRun r = regcon("--version");
  EXPECT_EQ(r.exitCode, 0);
  EXPECT_NE(r.out.find("regcon 0.1.0"), std::string::npos) << r.out;
  const json shipped = json::parse(readText(kShippedSuite / "manifest.json"));
  EXPECT_NE(r.out.find("regcon-conformance version " +
                       std::to_string(shipped["version"].get<int>())),
            std::string::npos)
      << r.out;
}

TEST_F(Suite, RunBatchAnswersEveryLineInOrder) {
  const fs::path cases = kShippedSuite / "cases";
  const std::string good =
      json{{"chf", (cases / "hole-7x7.chf.json").string()},
           {"settings", (cases / "hole-7x7.settings.json").string()}}
          .dump();
  writeText(path("requests.txt"), good + "\n{\"chf\": 3}\n" + good + "\n");
  const CliRun batch =
      regcon("run --batch <" + shellQuote(path("requests.txt").string()));
  EXPECT_EQ(batch.exitCode, 0) << batch.err;
  const CliRun single =
      regcon("run " + shellQuote((cases / "hole-7x7.chf.json").string()) + " " +
             shellQuote((cases / "hole-7x7.settings.json").string()));
  std::istringstream lines(batch.out);
  std::string first, second, third;
  std::getline(lines, first);
  std::getline(lines, second);
  std::getline(lines, third);
  // The same bytes as the per-process answer (interchange §7).
  EXPECT_EQ(first + "\n", single.out);
  EXPECT_EQ(third, first);
  EXPECT_EQ(json::parse(second)["error"],
            "batch request: \"chf\" must be a string");
}

// `regcon conform` gets the same classification, timeout and stderr.
TEST_F(Suite, ConformClassifiesCrashTimeoutAndMissingCommand) {
  const fs::path cases = kShippedSuite / "cases";
  const std::string inputs =
      shellQuote((cases / "hole-7x7.chf.json").string()) + " " +
      shellQuote((cases / "hole-7x7.settings.json").string());
  const CliRun crash = regcon(
      "conform " + shellQuote(port("crash", "kill -SEGV $$")) + " " + inputs);
  EXPECT_EQ(crash.exitCode, 5);
  EXPECT_NE(crash.out.find("status: crashed: killed by signal 11 (SIGSEGV)"),
            std::string::npos)
      << crash.out;
  const CliRun slow =
      regcon("conform " + shellQuote(port("sleepy", "sleep 30")) + " " +
             inputs + " --timeout 0.5");
  EXPECT_EQ(slow.exitCode, 5);
  EXPECT_NE(slow.out.find("status: timeout"), std::string::npos) << slow.out;
  const CliRun missing =
      regcon("conform " + shellQuote(path("nothing").string()) + " " + inputs);
  EXPECT_EQ(missing.exitCode, 5);
  EXPECT_NE(missing.out.find("status: not-found"), std::string::npos);
  EXPECT_NE(missing.out.find("stderr of the command"), std::string::npos);
  const CliRun noDistances =
      regcon("conform " +
             shellQuote(sedPort("nodist", R"(s/,"distances":\[[0-9,]*\]//)")) +
             " " + inputs);
  EXPECT_EQ(noDistances.exitCode, 5);
  EXPECT_NE(noDistances.out.find("status: missing-section"), std::string::npos)
      << noDistances.out;
  EXPECT_EQ(regcon("conform x " + inputs + " --timeout 0").exitCode, 2);
}

TEST_F(Suite, ConformDrawsThePictureOfAMismatch) {
  const fs::path cases = kShippedSuite / "cases";
  const std::string inputs =
      shellQuote((cases / "hole-7x7.chf.json").string()) + " " +
      shellQuote((cases / "hole-7x7.settings.json").string());
  const fs::path picture = path("conform.svg");
  const CliRun r =
      regcon("conform " + shellQuote(sedPort("alter", kAlterFirstRegionId)) +
             " " + inputs + " --picture " + shellQuote(picture.string()));
  EXPECT_EQ(r.exitCode, 5);
  EXPECT_NE(r.out.find("picture: " + picture.string()), std::string::npos)
      << r.out;
  EXPECT_NE(readText(picture).find("class=\"diff\" data-span=\"0\""),
            std::string::npos);
  const fs::path none = path("none.svg");
  EXPECT_EQ(regcon("conform " + shellQuote(kRegcon + " run") + " " + inputs +
                   " --picture " + shellQuote(none.string()))
                .exitCode,
            0);
  EXPECT_FALSE(fs::exists(none)) << "no picture when it conforms";
}

// --shrink reduces each case whose output differs to a smaller
// one that still differs in the same way, written to DIR/<case id>/, and
// every report gives the conform line that replays it.
TEST_F(Suite, ShrinkWritesASmallerCaseThatStillDiffersTheSameWay) {
  const fs::path shrunkDir = path("shrunk");
  const CliRun r = suite(
      sedPort("alter", kAlterFirstRegionId),
      "--jobs 2 --shrink-runs 300 --shrink " + shellQuote(shrunkDir.string()));
  EXPECT_EQ(r.exitCode, 5) << r.out << r.err;
  const json manifest = json::parse(readText(path("suite") / "manifest.json"));
  for (const json& entry : manifest["cases"]) {
    const std::string id = entry["id"];
    const json c = caseOf(id);
    ASSERT_TRUE(c["shrunk"].is_object()) << c.dump();
    const json& s = c["shrunk"];
    EXPECT_EQ(s["verdict"], "differs: regions") << id;
    const fs::path folder = shrunkDir / kit::caseFileName(id);
    const fs::path chf = folder / "shrunk.chf.json";
    ASSERT_TRUE(fs::exists(chf)) << chf;
    ASSERT_TRUE(fs::exists(folder / "shrunk.settings.json"));
    EXPECT_EQ(s["chf"], chf.string());
    const size_t original = json::parse(readText(
        path("suite") / entry["chf"].get<std::string>()))["spans"]
                                .size();
    const size_t shrunk = json::parse(readText(chf))["spans"].size();
    EXPECT_LT(shrunk, original) << id;
    EXPECT_EQ(s["shrunkSpans"], shrunk);
    EXPECT_EQ(s["originalSpans"], original);
    // The replay line, run, finds the same disagreement: regions first.
    const std::string replay = s["replay"];
    ASSERT_EQ(replay.rfind("regcon conform ", 0), 0u) << replay;
    EXPECT_NE(r.out.find("replay: " + replay), std::string::npos) << r.out;
    const CliRun again = regcon(replay.substr(std::string("regcon ").size()));
    EXPECT_EQ(again.exitCode, 5) << again.out << again.err;
    EXPECT_NE(again.out.find("status: mismatch"), std::string::npos)
        << again.out;
    EXPECT_NE(again.out.find("regions"), std::string::npos) << again.out;
  }
  EXPECT_TRUE(caseOf(kRejectCase)["shrunk"].is_null());
  EXPECT_NE(r.out.find("2 failing cases shrunk into " + shrunkDir.string()),
            std::string::npos)
      << r.out;
  EXPECT_EQ(report()["shrinkDir"], shrunkDir.string());
  const std::string xml = readText(path("report.xml"));
  ASSERT_TRUE(parseJunit(xml).wellFormed);
  EXPECT_NE(xml.find("replay: regcon conform"), std::string::npos);
}

TEST_F(Suite, ShrinkLeavesRunsThatWentWrongAlone) {
  const fs::path shrunkDir = path("shrunk");
  const CliRun r = suite(port("crash", "kill -SEGV $$"),
                         "--shrink " + shellQuote(shrunkDir.string()));
  EXPECT_EQ(r.exitCode, 5);
  const json c = caseOf(kWatershedCase);
  EXPECT_EQ(c["status"], "crashed");
  EXPECT_TRUE(c["shrunk"].is_null()) << c.dump();
  EXPECT_TRUE(fs::is_empty(shrunkDir)) << "a crash is not shrunk";
  // Only the first --shrink-cases failing cases are shrunk.
  const CliRun one = suite(sedPort("alter", kAlterFirstRegionId),
                           "--shrink-cases 1 --shrink-runs 20 --shrink " +
                               shellQuote(path("one").string()));
  EXPECT_EQ(one.exitCode, 5);
  EXPECT_TRUE(caseOf(kWatershedCase)["shrunk"].is_object());
  EXPECT_EQ(caseOf(kMonotoneCase)["shrinkNote"],
            "not shrunk: past --shrink-cases 1");
  EXPECT_EQ(suite(kRegcon + " run", "--shrink x --shrink-runs 0").exitCode, 2);
  writeText(path("file"), "");
  const CliRun notFolder =
      suite(kRegcon + " run", "--shrink " + shellQuote(path("file").string()));
  EXPECT_EQ(notFolder.exitCode, 2);
  EXPECT_NE(notFolder.err.find("--shrink"), std::string::npos) << notFolder.err;
}

}  // namespace
}  // namespace regcon
