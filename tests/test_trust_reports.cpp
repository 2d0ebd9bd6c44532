// The reports survive what the command under test, an expected-failures
// list and a manifest put in them (bytes that are not UTF-8, characters XML
// forbids, terminal escape sequences, NUL), one failing report costs neither
// the other nor the summary, documents are never committed cut short (a
// file-size limit, a failed stream), and the inputs regcon reads for itself
// are bounded (expected-failures lists, manifests, pictures, render's time).
// Every test runs the real binary; JSON is parsed by nlohmann (strict UTF-8)
// and JUnit by libxml2 without recovery (and by xmllint when installed).
#include <gtest/gtest.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "kit/process.h"
#include "render/report_text.h"
#include "tests/cli_support.h"

namespace regcon {
namespace {

using namespace testing::cli_names;

// Bytes a hostile or careless port prints, as printf(1) octal escapes: Java's
// modified UTF-8 NUL (C0 80), a surrogate (ED A0 80), U+FFFE (EF BF BE), a
// colour escape sequence, a NUL, a truncated sequence (E2 82) and a byte that
// never starts one (FF).
constexpr const char* kHostileBytes =
    "java \\300\\200 surrogate \\355\\240\\200 fffe \\357\\277\\276 "
    "colour \\033[31mred\\033[0m nul \\000 cut \\342\\202 ff \\377 end";

// libxml2 without XML_PARSE_RECOVER: any well-formedness error fails.
bool strictXml(const std::string& xml) {
  xmlDoc* doc = xmlReadMemory(
      xml.data(), static_cast<int>(xml.size()), "report.xml", nullptr,
      XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (!doc) return false;
  xmlFreeDoc(doc);
  return true;
}

// xmllint, when the machine has it, as a second, independent parser.
bool xmllintAccepts(const fs::path& file) {
  if (std::system("command -v xmllint >/dev/null 2>&1") != 0) return true;
  const std::string command =
      "xmllint --noout " + shellQuote(file.string()) + " 2>/dev/null";
  return std::system(command.c_str()) == 0;
}

bool hasRawEscape(const std::string& text) {
  return text.find('\x1b') != std::string::npos;
}

class TrustReports : public testing::TestDirectory {
 protected:
  TrustReports() : TestDirectory("regcon_test_trust_reports") {}

  CliRun regcon(const std::string& args) {
    return testing::runCaptured(args, path(""));
  }

  // `prefix; regcon ARGS` in one /bin/sh, so a `ulimit` applies to regcon.
  // The shell's exit status: 128 + N when regcon died of signal N.
  int shellRun(const std::string& prefix, const std::string& args) {
    const std::string command = prefix + "; " + shellQuote(kRegcon) + " " +
                                args + " >" +
                                shellQuote(path("stdout.txt").string()) +
                                " 2>" + shellQuote(path("stderr.txt").string());
    const std::string wrapped = "/bin/sh -c " + shellQuote(command);
    const int status = std::system(wrapped.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

  std::string port(const std::string& name, const std::string& body) {
    return testing::writePort(path(""), name, body);
  }

  // Two worked vectors and one must-reject case; `rule` and `tags` of the
  // must-reject case as given.
  std::string smallSuite(const std::string& rule = "interchange §1: counts",
                         const json& tags = json::array()) {
    return testing::writeSmallSuite(path("suite"), rule,
                                    tags.empty() ? "" : tags.dump())
        .string();
  }

  CliRun suite(const std::string& command, const std::string& suiteDir,
               const std::string& options = "") {
    return regcon("suite " + shellQuote(command) + " --suite " +
                  shellQuote(suiteDir) + " --json " +
                  shellQuote(path("report.json").string()) + " --junit " +
                  shellQuote(path("report.xml").string()) + " " + options);
  }

  // Both reports parse strictly, the summary is on stdout, and no raw
  // escape byte reached either stream.
  void expectSoundReports(const CliRun& r, int exitCode) {
    EXPECT_EQ(r.exitCode, exitCode) << r.out << r.err;
    ASSERT_TRUE(fs::exists(path("report.json"))) << r.err;
    EXPECT_NO_THROW(json::parse(readText(path("report.json"))));
    ASSERT_TRUE(fs::exists(path("report.xml"))) << r.err;
    EXPECT_TRUE(strictXml(readText(path("report.xml"))))
        << readText(path("report.xml"));
    EXPECT_TRUE(xmllintAccepts(path("report.xml")));
    EXPECT_NE(r.out.find("conform"), std::string::npos) << "summary: " << r.out;
    EXPECT_FALSE(hasRawEscape(r.out)) << r.out;
    EXPECT_FALSE(hasRawEscape(r.err)) << r.err;
  }

  json caseOf(const std::string& id) {
    const json report = json::parse(readText(path("report.json")));
    for (const json& c : report["cases"]) {
      if (c["id"] == id) return c;
    }
    ADD_FAILURE() << "no case " << id;
    return json::object();
  }

  fs::path shippedCase(const std::string& name) const {
    return kShippedSuite / "cases" / name;
  }

  // The reference's result of the shipped hole-7x7 case, as `regcon run`
  // writes it (also left in mine.result).
  std::string holeCaseResult() {
    const CliRun r = regcon(
        "run " + shellQuote(shippedCase("hole-7x7.chf.json").string()) + " " +
        shellQuote(shippedCase("hole-7x7.settings.json").string()) + " -o " +
        shellQuote(path("mine.result").string()));
    EXPECT_EQ(r.exitCode, 0) << r.err;
    return readText(path("mine.result"));
  }
};

TEST_F(TrustReports, HostileStderrPerProcessKeepsEveryReportParsable) {
  const std::string hostile = port(
      "hostile", std::string("printf '") + kHostileBytes + "\\n' >&2; exit 3");
  const CliRun r = suite(hostile, smallSuite());
  expectSoundReports(r, 5);
  const std::string tail = caseOf(kWatershedCase)["stderrTail"];
  EXPECT_NE(tail.find("java \\xC0\\x80 surrogate \\xED\\xA0\\x80"),
            std::string::npos)
      << tail;
  EXPECT_NE(tail.find("cut \\xE2\\x82 ff \\xFF end"), std::string::npos)
      << tail;
  const std::string xml = readText(path("report.xml"));
  EXPECT_NE(xml.find("fffe \\xEF\\xBF\\xBE"), std::string::npos);
  EXPECT_NE(xml.find("colour \\x1B[31mred"), std::string::npos);
  EXPECT_NE(xml.find("nul \\x00"), std::string::npos);
  EXPECT_NE(r.out.find("colour \\x1B[31mred"), std::string::npos) << r.out;
}

TEST_F(TrustReports, HostileBatchErrorMessagesKeepEveryReportParsable) {
  // A batch port answering every request with an error whose JSON escapes
  // decode to an escape sequence, U+FFFE and NUL.
  const std::string hostile =
      port("hostile-batch",
           "while read -r line; do printf '%s\\n' "
           "'{\"error\": \"colour \\u001b[31mred fffe \\ufffe nul "
           "\\u0000 end\"}'; done");
  const CliRun r = suite(hostile, smallSuite(), "--batch");
  expectSoundReports(r, 5);
}

TEST_F(TrustReports, HostileExpectedFailureReasonKeepsReportsParsable) {
  const std::string failing =
      port("fails", "echo 'cannot' >&2; exit 3");  // rejects every case
  const std::string reason = "reason \300\200 \355\240\200 \033[2J end";
  writeText(path("xfail.txt"), std::string(kWatershedCase) + " " + reason +
                                   "\nvector/monotone-u-5x3 " + reason + "\n");
  const CliRun r =
      suite(failing, smallSuite(),
            "--expected-failures " + shellQuote(path("xfail.txt").string()));
  // The must-reject case passes (the port rejects it); the other two are
  // listed.
  expectSoundReports(r, 0);
  EXPECT_EQ(caseOf(kWatershedCase)["expectedFailure"],
            "reason \\xC0\\x80 \\xED\\xA0\\x80 \x1b[2J end");
}

TEST_F(TrustReports, ManifestRuleAndTagsWithEscapesReachNoTerminalRaw) {
  const std::string rule = "rule \x1b]0;title\x07 \xEF\xBF\xBE \x1b[31m";
  const std::string suiteDir = smallSuite(rule, json::array({"\x1b[2Jtag"}));
  // Rejects nothing (it answers a valid result for any input): the
  // must-reject case fails, with its rule and tag in every report.
  const std::string acceptsAll = port(
      "accepts-all", shellQuote(kRegcon) + " run \"$1\" \"$2\" || " +
                         shellQuote(kRegcon) + " run " +
                         shellQuote(shippedCase("hole-7x7.chf.json")) + " " +
                         shellQuote(shippedCase("hole-7x7.settings.json")));
  const CliRun r = suite(acceptsAll, suiteDir);
  expectSoundReports(r, 5);
  EXPECT_EQ(caseOf(kRejectCase)["rule"], rule);
  EXPECT_NE(r.out.find("\\x1B[2Jtag"), std::string::npos) << r.out;
  const CliRun filtered =
      regcon("suite " + shellQuote(acceptsAll) + " --suite " +
             shellQuote(suiteDir) + " --filter " + shellQuote("\x1b[2Jtag"));
  EXPECT_EQ(filtered.exitCode, 5);
  EXPECT_FALSE(hasRawEscape(filtered.out)) << filtered.out;
  EXPECT_FALSE(hasRawEscape(filtered.err)) << filtered.err;
}

TEST_F(TrustReports, ConformPrintsNoRawControlCharacters) {
  const std::string hostile = port(
      "hostile", std::string("printf '") + kHostileBytes + "\\n' >&2; exit 3");
  const CliRun r = regcon("conform " + shellQuote(hostile) + " " +
                          shellQuote(shippedCase("hole-7x7.chf.json")) + " " +
                          shellQuote(shippedCase("hole-7x7.settings.json")));
  EXPECT_EQ(r.exitCode, 5) << r.err;
  EXPECT_FALSE(hasRawEscape(r.out)) << r.out;
  EXPECT_EQ(r.out.find('\0'), std::string::npos);
  EXPECT_NE(r.out.find("java \\xC0\\x80"), std::string::npos) << r.out;
}

// /dev/full takes the JSON report's bytes and fails: the JUnit report and
// the summary still come, and the exit code says a report was lost.
TEST_F(TrustReports, AFailingReportTakesNeitherTheOtherNorTheSummary) {
  const CliRun r =
      regcon("suite " + shellQuote(kRegcon + " run") + " --suite " +
             shellQuote(smallSuite()) + " --json /dev/full --junit " +
             shellQuote(path("report.xml").string()));
  EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
  EXPECT_TRUE(strictXml(readText(path("report.xml"))));
  EXPECT_NE(r.out.find("conforms"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("--json /dev/full"), std::string::npos) << r.err;
}

// Files in `dir` but the ones a test put there: no temporary left behind.
std::set<std::string> namesIn(const fs::path& dir) {
  std::set<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) {
    names.insert(entry.path().filename().string());
  }
  return names;
}

// Past `ulimit -f` a write fails with EFBIG (regcon is not killed by
// SIGXFSZ): non-zero exit, the old file untouched, no temporary left.
TEST_F(TrustReports, AFileSizeLimitNeverLeavesACutDocument) {
  ASSERT_EQ(regcon("gen terrain --size 48 -o " +
                   shellQuote(path("big.chf.json").string()))
                .exitCode,
            0);
  writeText(path("settings.json"),
            readText(shippedCase("hole-7x7.settings.json")));
  struct Writer {
    std::string name;
    std::string args;
  };
  const std::string chf = shellQuote(path("big.chf.json").string());
  const std::string settings = shellQuote(path("settings.json").string());
  const std::vector<Writer> writers = {
      {"run", "run " + chf + " " + settings},
      {"regions", "regions " + chf},
      {"gen", "gen terrain --size 48"},
      {"render", "render " + chf},
  };
  for (const Writer& w : writers) {
    const fs::path target = path(w.name + ".out");
    writeText(target, "old\n");
    const std::set<std::string> before = namesIn(path(""));
    const int exitCode =
        shellRun("ulimit -f 8", w.args + " -o " + shellQuote(target.string()));
    EXPECT_NE(exitCode, 0) << w.name;
    EXPECT_NE(exitCode, 128 + SIGXFSZ) << w.name << ": killed by SIGXFSZ";
    EXPECT_EQ(readText(target), "old\n") << w.name;
    EXPECT_NE(readText(path("stderr.txt")).find("cannot write"),
              std::string::npos)
        << w.name << ": " << readText(path("stderr.txt"));
    std::set<std::string> after = namesIn(path(""));
    after.erase("stdout.txt");
    after.erase("stderr.txt");
    std::set<std::string> expected = before;
    expected.erase("stdout.txt");
    expected.erase("stderr.txt");
    EXPECT_EQ(after, expected) << w.name << ": a temporary file was left";
  }
}

TEST_F(TrustReports, ExpectedFailuresMustBeARegularFileOfBoundedSize) {
  const std::string suiteDir = smallSuite();
  const std::string run = "suite " + shellQuote(kRegcon + " run") +
                          " --suite " + shellQuote(suiteDir) +
                          " --expected-failures ";
  const CliRun zero = regcon(run + "/dev/zero");
  EXPECT_EQ(zero.exitCode, 2) << zero.err;
  EXPECT_NE(zero.err.find("/dev/zero: not a regular file"), std::string::npos)
      << zero.err;
  const CliRun folder = regcon(run + shellQuote(path("").string()));
  EXPECT_EQ(folder.exitCode, 2) << folder.err;
  writeText(path("long.txt"),
            std::string(kWatershedCase) + " " + std::string(10000, 'x') + "\n");
  const CliRun longLine = regcon(run + shellQuote(path("long.txt").string()));
  EXPECT_EQ(longLine.exitCode, 2);
  EXPECT_NE(longLine.err.find("long.txt:1: longer than"), std::string::npos)
      << longLine.err;
  // An unknown id is quoted in the error: its escape sequence shown, not
  // sent to the terminal.
  writeText(path("escape.txt"), "\x1b[2Jno-such-case reason\n");
  const CliRun escape = regcon(run + shellQuote(path("escape.txt").string()));
  EXPECT_EQ(escape.exitCode, 2);
  EXPECT_NE(escape.err.find("\\x1B[2Jno-such-case"), std::string::npos)
      << escape.err;
  EXPECT_FALSE(hasRawEscape(escape.err));
  writeText(path("huge.txt"), std::string(5 << 20, '#'));
  const CliRun huge = regcon(run + shellQuote(path("huge.txt").string()));
  EXPECT_EQ(huge.exitCode, 2);
  EXPECT_NE(huge.err.find("huge.txt: more than"), std::string::npos)
      << huge.err;
}

TEST_F(TrustReports, AManifestMustBeARegularFileOfBoundedSize) {
  const fs::path suite = path("fifo-suite");
  fs::create_directories(suite);
  ASSERT_EQ(::mkfifo((suite / "manifest.json").c_str(), 0600), 0);
  const CliRun fifo = regcon("suite " + shellQuote(kRegcon + " run") +
                             " --suite " + shellQuote(suite.string()));
  EXPECT_EQ(fifo.exitCode, 2) << fifo.err;
  EXPECT_NE(fifo.err.find("not a regular file"), std::string::npos) << fifo.err;
  const fs::path big = path("big-suite");
  fs::create_directories(big);
  // Valid JSON past the cap: refused before it is parsed into a DOM.
  writeText(big / "manifest.json",
            "{\"pad\": [" + std::string(5 << 20, ' ') + "]}");
  const CliRun huge = regcon("suite " + shellQuote(kRegcon + " run") +
                             " --suite " + shellQuote(big.string()));
  EXPECT_EQ(huge.exitCode, 2) << huge.err;
  EXPECT_NE(huge.err.find("more than"), std::string::npos) << huge.err;
  // Nested deeper than any document may be: refused by suite and by
  // export, which writes the manifest out again (a writer recurses).
  const fs::path deep = path("deep-suite");
  fs::create_directories(deep);
  writeText(deep / "manifest.json",
            "{\"suite\": \"regcon-conformance\", \"version\": 1, "
            "\"cases\": [], \"z\": " +
                std::string(100000, '[') + std::string(100000, ']') + "}");
  for (const std::string& command :
       {"suite " + shellQuote(kRegcon + " run") + " --suite ",
        "suite export " + shellQuote(path("exported").string()) +
            " --suite "}) {
    const CliRun nested = regcon(command + shellQuote(deep.string()));
    EXPECT_EQ(nested.exitCode, 2) << command << nested.err;
    EXPECT_NE(nested.err.find("nested more than 64 levels deep"),
              std::string::npos)
        << nested.err;
  }
  // A manifest that is a link to a file of the runner's is refused before
  // it is read: a parse error would quote its first bytes.
  const fs::path linked = path("linked-suite");
  fs::create_directories(linked);
  writeText(path("secret.txt"), "secret-token\n");
  fs::create_symlink(path("secret.txt"), linked / "manifest.json");
  const CliRun link = regcon("suite " + shellQuote(kRegcon + " run") +
                             " --suite " + shellQuote(linked.string()));
  EXPECT_EQ(link.exitCode, 2) << link.err;
  EXPECT_NE(link.err.find("a symbolic link leads out of the folder"),
            std::string::npos)
      << link.err;
  EXPECT_EQ(link.err.find("secret-token"), std::string::npos) << link.err;
}

// Short of file descriptors (a low `ulimit -n` on a shared runner), regcon
// cannot make the command's pipes: each case is reported not-run, no pipe
// made on the way leaks into the next case, every report is written, and
// the exit status says the verdict is incomplete (4).
TEST_F(TrustReports, ACommandThatCannotBeStartedCostsItsCasesNotTheReports) {
  // Descriptors 3 to 8 closed, then 9 at most: the two reports' temporary
  // files and a case file fit, the three pipes a command needs do not. The
  // streams are redirected by `exec` first: a redirection of a command
  // alone would need a descriptor above 9 to save the shell's own.
  const std::string line =
      "exec >" + shellQuote(path("stdout.txt").string()) + " 2>" +
      shellQuote(path("stderr.txt").string()) +
      " 3>&- 4>&- 5>&- 6>&- 7>&- 8>&-; ulimit -n 9; exec " +
      shellQuote(kRegcon) + " suite " + shellQuote(kRegcon + " run") +
      " --suite " + shellQuote(smallSuite()) + " --json " +
      shellQuote(path("r.json").string()) + " --junit " +
      shellQuote(path("r.xml").string());
  const int status = std::system(("/bin/sh -c " + shellQuote(line)).c_str());
  const std::string out = readText(path("stdout.txt"));
  const std::string err = readText(path("stderr.txt"));
  ASSERT_TRUE(WIFEXITED(status)) << status << out << err;
  EXPECT_EQ(WEXITSTATUS(status), 4) << out << err;
  const json report = json::parse(readText(path("r.json")));
  ASSERT_EQ(report["cases"].size(), 3u) << report;
  for (const json& c : report["cases"]) {
    EXPECT_EQ(c["status"], "not-run") << c;
    EXPECT_NE(c["message"].get<std::string>().find("cannot create a pipe"),
              std::string::npos)
        << c;
  }
  const std::string junit = readText(path("r.xml"));
  EXPECT_TRUE(strictXml(junit));
  EXPECT_NE(junit.find("<error"), std::string::npos) << junit;
  EXPECT_NE(out.find("not-run"), std::string::npos) << out;
  EXPECT_NE(err.find("3 cases not run"), std::string::npos) << err;
}

// A foreign vertex at x = 2^31 - 1 is drawn at 2^31 - 1 cells, not at a
// wrapped, negative position.
TEST_F(TrustReports, RenderDiffDrawsAFarVertexUnwrapped) {
  const std::string chf = shellQuote(shippedCase("hole-7x7.chf.json"));
  const std::string settings =
      shellQuote(shippedCase("hole-7x7.settings.json"));
  std::string result = holeCaseResult();
  // The first vertex [x, y, z, neighbor] of the first contour, moved far.
  const std::regex firstVertex(R"("vertices":\[\[[0-9]+,)");
  result = std::regex_replace(result, firstVertex, "\"vertices\":[[2147483647,",
                              std::regex_constants::format_first_only);
  writeText(path("far.result"), result);
  const CliRun r = regcon("render " + chf + " --settings " + settings +
                          " --diff " + shellQuote(path("far.result").string()));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_TRUE(strictXml(r.out));
  // cellPx is 24 for a 7 x 7 field: 2147483647 * 24.
  EXPECT_NE(r.out.find("51539607528,"), std::string::npos)
      << "the far vertex at its own x";
  const std::regex negative(R"((points="|cx=")[^"]*-)");
  EXPECT_FALSE(std::regex_search(r.out, negative)) << "no negative coordinate";
}

TEST_F(TrustReports, RenderFloorOfTheWrongFormIsAUsageErrorLikeTheOthers) {
  const std::string chf = shellQuote(shippedCase("hole-7x7.chf.json"));
  EXPECT_EQ(regcon("render " + chf + " --show nothing").exitCode, 1);
  EXPECT_EQ(regcon("render " + chf + " --floor abc").exitCode, 1);
  EXPECT_EQ(regcon("render " + chf + " --floor -1").exitCode, 1);
  EXPECT_EQ(regcon("render " + chf + " --floor 1").exitCode, 0 + 2)
      << "a level the heightfield does not have is bad input";
  EXPECT_EQ(regcon("render " + chf + " --floor 0").exitCode, 0);
}

// The validator's edges, byte by byte (RFC 3629 section 4's table): what is
// kept, what is shown as \xHH, for each reader.
TEST_F(TrustReports, TheTextRulesEscapeExactlyWhatEachReaderCannotTake) {
  using render::terminalEscaped;
  using render::utf8Escaped;
  using render::xmlCharsEscaped;
  EXPECT_EQ(utf8Escaped("a\xC0\x80"
                        "b"),
            "a\\xC0\\x80b");                         // overlong NUL
  EXPECT_EQ(utf8Escaped("\xC1\xBF"), "\\xC1\\xBF");  // overlong
  EXPECT_EQ(utf8Escaped("\xE0\x80\x80"), "\\xE0\\x80\\x80");
  EXPECT_EQ(utf8Escaped("\xF0\x80\x80\x80"), "\\xF0\\x80\\x80\\x80");
  EXPECT_EQ(utf8Escaped("\xED\xA0\x80"), "\\xED\\xA0\\x80");  // D800
  EXPECT_EQ(utf8Escaped("\xED\xBF\xBF"), "\\xED\\xBF\\xBF");  // DFFF
  EXPECT_EQ(utf8Escaped("\xF4\x90\x80\x80"), "\\xF4\\x90\\x80\\x80");
  EXPECT_EQ(utf8Escaped("\xF5\x80"), "\\xF5\\x80");
  EXPECT_EQ(utf8Escaped("\xE2\x82"), "\\xE2\\x82");  // cut short
  EXPECT_EQ(utf8Escaped("\x80"), "\\x80");           // stray
  // Well-formed, kept: the largest of each length, U+D7FF, U+E000, §.
  const std::string valid =
      "\x7F\xDF\xBF\xEF\xBF\xBF\xF4\x8F\xBF\xBF\xED\x9F\xBF\xEE\x80\x80"
      "\xC2\xA7";
  EXPECT_EQ(utf8Escaped(valid), valid);
  // XML 1.0 Char: tab, LF, CR, U+0085 and DEL kept; NUL, ESC, FFFE not.
  EXPECT_EQ(xmlCharsEscaped("\t\n\r\xC2\x85\x7F"), "\t\n\r\xC2\x85\x7F");
  EXPECT_EQ(xmlCharsEscaped(std::string("\0\x1B\xEF\xBF\xBE\xEF\xBF\xBF", 8)),
            "\\x00\\x1B\\xEF\\xBF\\xBE\\xEF\\xBF\\xBF");
  // A terminal: LF and tab kept; CR, ESC, DEL and C1 not.
  EXPECT_EQ(terminalEscaped("a\tb\n"), "a\tb\n");
  EXPECT_EQ(terminalEscaped("\r\x1B[2J\x7F\xC2\x9B"),
            "\\x0D\\x1B[2J\\x7F\\xC2\\x9B");
}

// Under ASan (the dev build) a process cannot run under `ulimit -v`, and
// ASan's operator new aborts rather than throw, so the out-of-memory path
// is checked at its seam: a string stream that could not grow has its
// badbit set, and such a document is refused, never returned cut short.
TEST_F(TrustReports, ADocumentWhoseStreamFailedIsRefused) {
  std::ostringstream out;
  out << "{\"format\":\"build3d.result\",";
  EXPECT_EQ(render::completeDocument(out, "build3d.result"), out.str());
  out.setstate(std::ios::badbit);
  try {
    render::completeDocument(out, "build3d.result");
    ADD_FAILURE() << "a failed stream's text was returned";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("build3d.result: the document could "
                                         "not be built"),
              std::string::npos);
  }
}

// A foreign result with far more vertices than its 7 x 7 field could make:
// the picture is capped and says so, instead of growing with the result.
TEST_F(TrustReports, APictureOfAHugeResultIsCappedWithANote) {
  const std::string chf = shellQuote(shippedCase("hole-7x7.chf.json"));
  const std::string settings =
      shellQuote(shippedCase("hole-7x7.settings.json"));
  json result = json::parse(holeCaseResult());
  json vertices = json::array();
  for (int i = 0; i < 300'000; ++i) {
    vertices.push_back({i % 8, 0, (i / 8) % 8, -1});
  }
  result["contours"]["contours"].push_back(
      {{"region", 1}, {"area", 63}, {"vertices", vertices}});
  writeText(path("huge.result"), result.dump());
  const CliRun r =
      regcon("render " + chf + " --settings " + settings + " --diff " +
             shellQuote(path("huge.result").string()) + " -o " +
             shellQuote(path("huge.svg").string()));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  const std::string svg = readText(path("huge.svg"));
  EXPECT_TRUE(strictXml(svg));
  EXPECT_NE(svg.find("picture capped: 300"), std::string::npos);
  // The reference's side is drawn; the huge contour is not: the picture is
  // far below the 300,000 vertices' 48 MB.
  EXPECT_NE(svg.find("class=\"contour\""), std::string::npos);
  EXPECT_LT(svg.size(), size_t{2} << 20);
}

}  // namespace
}  // namespace regcon
