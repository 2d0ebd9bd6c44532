// Where the kit writes, whatever the suite it reads says and whatever the
// command line names: case ids are data, never paths (ids such as
// "../../escape", an absolute path, "a/b" beside "a-b" and "a//b" each get
// one file of their own inside the named folder); `suite export` copies
// only the regular files the manifest names inside the suite, never into
// the suite, and never claims a cut export; and every output place is
// checked before the command under test runs at all.
#include <gtest/gtest.h>
#include <libxml/parser.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "kit/file_names.h"
#include "kit/process.h"
#include "tests/cli_support.h"

namespace regcon {
namespace {

using namespace testing::cli_names;
constexpr const char* kCaseId = "vector/hole-7x7";

bool wellFormedXml(const std::string& xml) {
  xmlDoc* doc = xmlReadMemory(xml.data(), static_cast<int>(xml.size()),
                              "report.xml", nullptr, XML_PARSE_NONET);
  if (doc) xmlFreeDoc(doc);
  return doc != nullptr;
}

class TrustPaths : public testing::TestDirectory {
 protected:
  TrustPaths() : TestDirectory("regcon_test_trust_paths") {}

  fs::path root() const { return path("").parent_path(); }

  CliRun regcon(const std::string& args) {
    const int exitCode =
        testing::runRegcon(args, path("stdout.txt"), path("stderr.txt"));
    return {exitCode, readText(path("stdout.txt")),
            readText(path("stderr.txt"))};
  }

  // A shell line of its own (ulimit, timeout), its streams captured.
  CliRun shell(const std::string& line) {
    const std::string command = "sh -c " + shellQuote(line) + " >" +
                                shellQuote(path("stdout.txt").string()) +
                                " 2>" + shellQuote(path("stderr.txt").string());
    const int status = std::system(command.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1,
            readText(path("stdout.txt")), readText(path("stderr.txt"))};
  }

  std::string port(const std::string& name, const std::string& body) {
    return testing::writePort(path(""), name, body);
  }

  // Answers a valid result that differs from the reference's.
  std::string wrongPort() {
    return port("wrong", "out=$(" + shellQuote(kRegcon) +
                             " run \"$1\" \"$2\") || exit $?\n"
                             "printf '%s\\n' \"$out\" | sed " +
                             shellQuote(kAlterFirstRegionId));
  }

  // Leaves a marker when it runs: a command refused for its options must
  // never run the port.
  std::string markerPort() {
    return port("marker", "touch " + shellQuote(marker().string()) + "\nexec " +
                              shellQuote(kRegcon) + " run \"$1\" \"$2\"");
  }
  fs::path marker() const { return path("port-ran"); }

  // A suite whose every case is the shipped case `shippedId` under one of
  // `ids`.
  fs::path hostileSuite(const std::vector<std::string>& ids,
                        const std::string& shippedId = kCaseId) {
    const fs::path suite = path("suite");
    fs::create_directories(suite / "cases");
    const json shipped = json::parse(readText(kShippedSuite / "manifest.json"));
    json shippedCase;
    for (const json& c : shipped["cases"]) {
      if (c["id"] == shippedId) shippedCase = c;
    }
    for (const char* key : {"chf", "settings"}) {
      fs::copy_file(kShippedSuite / shippedCase[key].get<std::string>(),
                    suite / shippedCase[key].get<std::string>());
    }
    json manifest = {{"suite", "regcon-conformance"},
                     {"version", 1},
                     {"cases", json::array()}};
    for (const std::string& id : ids) {
      json c = shippedCase;
      c["id"] = id;
      manifest["cases"].push_back(c);
    }
    writeText(suite / "manifest.json", manifest.dump(2));
    return suite;
  }

  // Every path under the test's directory (symlinks not followed).
  std::set<std::string> tree() const {
    std::set<std::string> paths;
    for (const auto& entry : fs::recursive_directory_iterator(root())) {
      paths.insert(entry.path().lexically_relative(root()).string());
    }
    return paths;
  }

  // What appeared since `before` outside the folders and files `allowed`
  // (relative to the test's directory).
  std::vector<std::string> writtenOutside(
      const std::set<std::string>& before,
      const std::vector<std::string>& allowed) const {
    std::vector<std::string> outside;
    for (const std::string& p : tree()) {
      if (before.count(p)) continue;
      bool inAllowed = false;
      for (const std::string& a : allowed) {
        inAllowed = inAllowed || p == a || p.rfind(a + "/", 0) == 0;
      }
      if (!inAllowed) outside.push_back(p);
    }
    return outside;
  }

  static std::string q(const fs::path& p) { return shellQuote(p.string()); }
};

std::string joined(const std::vector<std::string>& items) {
  std::string text;
  for (const std::string& item : items) text += item + "\n";
  return text;
}

std::string caseInputs() {
  const fs::path cases = kShippedSuite / "cases";
  return shellQuote((cases / "hole-7x7.chf.json").string()) + " " +
         shellQuote((cases / "hole-7x7.settings.json").string());
}

// Ids the manifest accepts ([A-Za-z0-9._/-]+) that are paths: each must
// land in one file of its own inside --pictures and --shrink.
std::vector<std::string> pathLikeIds(const fs::path& root) {
  return {"../../escape", (root / "abs" / "path").string(),
          "a/b",          "a-b",
          "a//b",         "a/./b"};
}

TEST_F(TrustPaths, PicturesAndShrunkCasesOfPathLikeIdsStayInTheirFolders) {
  const std::vector<std::string> ids = pathLikeIds(root());
  const fs::path suite = hostileSuite(ids);
  const std::string command = wrongPort();
  fs::create_directories(path("out"));
  const fs::path pictures = path("out/pictures"), shrunk = path("out/shrunk");
  const std::set<std::string> before = tree();
  const CliRun r = regcon("suite " + shellQuote(command) + " --suite " +
                          q(suite) + " --jobs 2 --shrink-runs 10 --pictures " +
                          q(pictures) + " --shrink " + q(shrunk) + " --json " +
                          q(path("out/report.json")) + " --junit " +
                          q(path("out/report.xml")));
  EXPECT_EQ(r.exitCode, 5) << r.out << r.err;
  EXPECT_EQ(joined(writtenOutside(before, {"out", "stdout.txt", "stderr.txt"})),
            "")
      << "written outside the named folders";
  EXPECT_FALSE(fs::exists(path("escape.svg")));
  EXPECT_FALSE(fs::exists(path("abs")));
  const json report = json::parse(readText(path("out/report.json")));
  ASSERT_EQ(report["cases"].size(), ids.size());
  std::set<std::string> pictureFiles, shrunkFiles;
  for (const json& c : report["cases"]) {
    ASSERT_TRUE(c["picture"].is_string()) << c.dump();
    const fs::path picture = c["picture"].get<std::string>();
    EXPECT_EQ(picture.parent_path(), pictures) << c.dump();
    EXPECT_TRUE(fs::is_regular_file(picture)) << picture;
    EXPECT_NE(r.out.find("picture: " + picture.string()), std::string::npos);
    pictureFiles.insert(picture.string());
    ASSERT_TRUE(c["shrunk"].is_object()) << c.dump();
    const fs::path chf = c["shrunk"]["chf"].get<std::string>();
    EXPECT_EQ(chf.parent_path().parent_path(), shrunk) << c.dump();
    EXPECT_TRUE(fs::is_regular_file(chf)) << chf;
    shrunkFiles.insert(chf.string());
  }
  EXPECT_EQ(pictureFiles.size(), ids.size()) << "one picture per id";
  EXPECT_EQ(shrunkFiles.size(), ids.size()) << "one shrunk case per id";
  size_t entries = 0;
  for (const auto& entry : fs::directory_iterator(pictures)) {
    EXPECT_TRUE(entry.is_regular_file()) << entry.path();
    ++entries;
  }
  EXPECT_EQ(entries, ids.size());
  EXPECT_TRUE(fs::is_regular_file(pictures / "a~2Fb.svg"));
  EXPECT_TRUE(fs::is_regular_file(pictures / "a-b.svg"));
  EXPECT_TRUE(fs::is_regular_file(pictures / "~2E.~2F..~2Fescape.svg"));
  EXPECT_TRUE(wellFormedXml(readText(path("out/report.xml"))));
}

// A link planted in the pictures folder under a case's file name is not
// written through: the picture would land outside the folder.
TEST_F(TrustPaths, APictureIsNeverWrittenThroughALinkOutOfTheFolder) {
  const fs::path suite = hostileSuite({"a/b"});
  const std::string command = wrongPort();
  const fs::path pictures = path("pictures");
  fs::create_directories(pictures);
  writeText(path("victim.txt"), "keep");
  fs::create_symlink(path("victim.txt"), pictures / "a~2Fb.svg");
  const CliRun r = regcon("suite " + shellQuote(command) + " --suite " +
                          q(suite) + " --pictures " + q(pictures));
  // That picture alone is lost, and the case says why.
  EXPECT_EQ(r.exitCode, 5) << r.out << r.err;
  EXPECT_NE(r.out.find("no picture: suite: --pictures " +
                       (pictures / "a~2Fb.svg").string() +
                       ": a symbolic link leads out of the folder"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(readText(path("victim.txt")), "keep");
}

bool isFifo(const fs::path& file) {
  struct stat st {};
  return ::lstat(file.c_str(), &st) == 0 && S_ISFIFO(st.st_mode);
}

json caseNamed(const json& report, const std::string& id) {
  for (const json& c : report["cases"]) {
    if (c["id"] == id) return c;
  }
  return json();
}

// Another user with write access to the pictures folder puts a FIFO (or a
// folder) where a case's picture goes: opening the FIFO would wait for a
// reader forever. That picture alone is missing and its case says why;
// the other picture, the run and both reports go on.
TEST_F(TrustPaths, APictureThatCannotBeWrittenCostsThatPictureAlone) {
  const fs::path suite = hostileSuite({"a/b", "c", "d"});
  const fs::path pictures = path("pictures");
  fs::create_directories(pictures / "d.svg");
  ASSERT_EQ(::mkfifo((pictures / "a~2Fb.svg").c_str(), 0600), 0);
  const CliRun r =
      shell("timeout 120 " + q(kRegcon) + " suite " + q(wrongPort()) +
            " --suite " + q(suite) + " --pictures " + q(pictures) + " --json " +
            q(path("r.json")) + " --junit " + q(path("r.xml")));
  EXPECT_EQ(r.exitCode, 5) << r.out << r.err;
  const json report = json::parse(readText(path("r.json")));
  const json fifoCase = caseNamed(report, "a/b");
  EXPECT_TRUE(fifoCase["picture"].is_null()) << fifoCase;
  EXPECT_NE(fifoCase.value("pictureNote", "").find("not a regular file"),
            std::string::npos)
      << fifoCase;
  EXPECT_NE(caseNamed(report, "d").value("pictureNote", "").find("directory"),
            std::string::npos)
      << report;
  EXPECT_EQ(caseNamed(report, "c")["picture"], (pictures / "c.svg").string());
  EXPECT_TRUE(fs::is_regular_file(pictures / "c.svg"));
  EXPECT_TRUE(isFifo(pictures / "a~2Fb.svg"));
  EXPECT_TRUE(wellFormedXml(readText(path("r.xml"))));
  EXPECT_NE(r.out.find("does not conform"), std::string::npos) << r.out;
}

// The same FIFO where a reproducer or an exported result goes: never
// opened; `suite --shrink` notes the case as not shrunk and goes on,
// `shrink -o` and `suite export` stop with exit 2.
TEST_F(TrustPaths, AFifoInAnOutputFolderIsNeverOpened) {
  const fs::path suite = hostileSuite({"a/b"});
  fs::create_directories(path("shrunk/a~2Fb"));
  ASSERT_EQ(::mkfifo(path("shrunk/a~2Fb/shrunk.chf.json").c_str(), 0600), 0);
  const CliRun shrunk =
      shell("timeout 120 " + q(kRegcon) + " suite " + q(wrongPort()) +
            " --suite " + q(suite) + " --shrink " + q(path("shrunk")) +
            " --shrink-runs 5 --json " + q(path("r.json")));
  EXPECT_EQ(shrunk.exitCode, 5) << shrunk.out << shrunk.err;
  const json shrunkCase =
      caseNamed(json::parse(readText(path("r.json"))), "a/b");
  EXPECT_NE(shrunkCase.value("shrinkNote", "").find("not a regular file"),
            std::string::npos)
      << shrunkCase;

  fs::create_directories(path("alone"));
  ASSERT_EQ(::mkfifo(path("alone/shrunk.settings.json").c_str(), 0600), 0);
  const CliRun alone =
      shell("timeout 120 " + q(kRegcon) + " shrink " + q(wrongPort()) + " " +
            caseInputs() + " --max-runs 5 -o " + q(path("alone")));
  EXPECT_EQ(alone.exitCode, 2) << alone.out << alone.err;
  EXPECT_NE(alone.err.find("not a regular file"), std::string::npos)
      << alone.err;

  fs::create_directories(path("export/results"));
  ASSERT_EQ(::mkfifo(path("export/results/a~2Fb.result.json").c_str(), 0600),
            0);
  const CliRun exported = shell("timeout 120 " + q(kRegcon) + " suite export " +
                                q(path("export")) + " --suite " + q(suite));
  EXPECT_EQ(exported.exitCode, 2) << exported.out << exported.err;
  EXPECT_NE(exported.err.find("not a regular file"), std::string::npos)
      << exported.err;
  for (const char* fifo :
       {"shrunk/a~2Fb/shrunk.chf.json", "alone/shrunk.settings.json",
        "export/results/a~2Fb.result.json"}) {
    EXPECT_TRUE(isFifo(path(fifo))) << fifo;
  }
}

// A port that writes into the documents it is given (its output in place,
// a truncation) is handed copies: the suite is unchanged, the case is
// judged against the suite's own documents (a mismatch pointed at, not a
// run stopped by an unreadable case), and what the port printed names the
// suite's file, as the porter would replay it.
TEST_F(TrustPaths, APortWritingIntoItsInputsChangesNeitherSuiteNorVerdict) {
  const fs::path suite = hostileSuite({"a/b"});
  const fs::path chf = suite / "cases/hole-7x7.chf.json";
  const std::string before = readText(chf);
  const std::string command =
      port("scribbles", "out=$(" + shellQuote(kRegcon) +
                            " run \"$1\" \"$2\") || exit $?\n"
                            "echo garbage > \"$1\"\necho \"wrote $1\" >&2\n"
                            "printf '%s\\n' \"$out\" | sed " +
                            shellQuote(kAlterFirstRegionId));
  const CliRun r = regcon("suite " + shellQuote(command) + " --suite " +
                          q(suite) + " --json " + q(path("r.json")));
  EXPECT_EQ(r.exitCode, 5) << r.out << r.err;
  EXPECT_EQ(readText(chf), before);
  const json c = caseNamed(json::parse(readText(path("r.json"))), "a/b");
  EXPECT_EQ(c["status"], "mismatch") << c;
  EXPECT_EQ(c["stderrTail"], "wrote " + chf.string() + "\n") << c;
}

// Another user's symlinks in a shared folder (sticky, world-writable, as
// /tmp) are never followed, as the kernel's fs.protected_symlinks would
// have it: regcon resolves links itself, so it checks the owner itself.
TEST_F(TrustPaths, AnotherUsersSymlinkInASharedFolderIsNotFollowed) {
  const fs::path shared = path("shared");
  fs::create_directories(shared);
  ASSERT_EQ(::chmod(shared.c_str(), 01777), 0);
  fs::create_directories(path("victim"));
  writeText(path("victim/secret.conf"), "keep\n");
  const uid_t nobody = 65534;
  const auto plant = [&](const std::string& name, const fs::path& to) {
    fs::create_symlink(to, shared / name);
    ASSERT_EQ(::lchown((shared / name).c_str(), nobody, nobody), 0);
  };
  plant("report.json", path("victim/secret.conf"));
  plant("out.json", path("victim/secret.conf"));
  plant("fuzz", path("victim"));
  const fs::path suite = hostileSuite({kCaseId});
  const CliRun report =
      regcon("suite " + shellQuote(markerPort()) + " --suite " + q(suite) +
             " --json " + q(shared / "report.json"));
  const CliRun generated =
      regcon("gen flat --size 4 -o " + q(shared / "out.json"));
  const CliRun fuzz = regcon("fuzz " + shellQuote(markerPort()) +
                             " --cases 1 --out " + q(shared / "fuzz"));
  for (const CliRun* r : {&report, &generated, &fuzz}) {
    EXPECT_EQ(r->exitCode, 2) << r->out << r->err;
    EXPECT_NE(r->err.find("a symlink another user owns in a shared folder"),
              std::string::npos)
        << r->err;
  }
  EXPECT_EQ(readText(path("victim/secret.conf")), "keep\n");
  EXPECT_EQ(fs::directory_iterator(path("victim"))->path().filename(),
            "secret.conf");
  EXPECT_FALSE(fs::exists(marker())) << "the port ran";
  // The folder's owner's own links are followed, as before.
  ASSERT_EQ(::lchown((shared / "out.json").c_str(), ::geteuid(), ::getegid()),
            0);
  EXPECT_EQ(regcon("gen flat --size 4 -o " + q(shared / "out.json")).exitCode,
            0);
}

// A report inside an output folder could be taken by a case's file first
// (the case id "report.json" under --shrink out names out/report.json):
// refused before anything runs.
TEST_F(TrustPaths, AReportInsideAnOutputFolderIsRefused) {
  const fs::path suite = hostileSuite({"report.json"});
  fs::create_directories(path("out"));
  fs::create_directories(path("pics"));
  const CliRun r = regcon("suite " + shellQuote(markerPort()) + " --suite " +
                          q(suite) + " --shrink " + q(path("out")) +
                          " --json " + q(path("out/report.json")));
  EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("suite: --shrink " + path("out").string() + ": --json " +
                       path("out/report.json").string() + " lies inside it"),
            std::string::npos)
      << r.err;
  const CliRun pictures = regcon(
      "suite " + shellQuote(markerPort()) + " --suite " + q(suite) +
      " --pictures " + q(path("pics")) + " --junit " + q(path("pics/r.xml")));
  EXPECT_EQ(pictures.exitCode, 2) << pictures.out << pictures.err;
  EXPECT_NE(pictures.err.find("lies inside it"), std::string::npos)
      << pictures.err;
  EXPECT_FALSE(fs::exists(marker())) << "the port ran";
  EXPECT_FALSE(fs::exists(path("out/report.json")));
}

TEST_F(TrustPaths, ExportGivesEveryIdItsOwnResultInsideDir) {
  std::vector<std::string> ids = pathLikeIds(root());
  // Past any file name's length (255 bytes), differing in the last byte.
  ids.push_back(std::string(300, 'x'));
  ids.push_back(std::string(299, 'x') + "y");
  const fs::path suite = hostileSuite(ids);
  const std::set<std::string> before = tree();
  const fs::path out = path("export");
  const CliRun r = regcon("suite export " + q(out) + " --suite " + q(suite));
  EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
  EXPECT_EQ(
      joined(writtenOutside(before, {"export", "stdout.txt", "stderr.txt"})),
      "");
  const json manifest = json::parse(readText(out / "manifest.json"));
  std::set<std::string> results;
  for (const json& c : manifest["cases"]) {
    const std::string result = c["result"];
    EXPECT_EQ(fs::path(result).parent_path(), "results") << c.dump();
    EXPECT_EQ(json::parse(readText(out / result))["format"], "build3d.result");
    results.insert(result);
    EXPECT_LE(fs::path(result).filename().string().size(), 200u) << result;
    EXPECT_TRUE(fs::is_regular_file(out / c["chf"].get<std::string>()));
  }
  EXPECT_EQ(results.size(), ids.size()) << "a/b and a-b share no result";
  EXPECT_EQ(std::distance(fs::directory_iterator(out / "results"), {}),
            static_cast<long>(ids.size()));
  // The export is itself a suite the reference passes.
  const CliRun again =
      regcon("suite " + shellQuote(kRegcon + " run") + " --suite " + q(out));
  EXPECT_EQ(again.exitCode, 0) << again.out << again.err;
}

TEST_F(TrustPaths, ExportRefusesTheIdsSuiteRefuses) {
  for (const std::string id : {"line\nbreak", "$(touch pwned)"}) {
    fs::remove_all(path("suite"));
    const fs::path suite = hostileSuite({id});
    const CliRun s =
        regcon("suite " + shellQuote(markerPort()) + " --suite " + q(suite));
    EXPECT_EQ(s.exitCode, 2) << s.out << s.err;
    EXPECT_NE(s.err.find("must match"), std::string::npos) << s.err;
    const CliRun e =
        regcon("suite export " + q(path("export")) + " --suite " + q(suite));
    EXPECT_EQ(e.exitCode, 2) << e.out << e.err;
    EXPECT_NE(e.err.find("manifest.json: cases[0].id: must match"),
              std::string::npos)
        << e.err;
    EXPECT_FALSE(fs::exists(path("export"))) << "nothing exported";
    EXPECT_FALSE(fs::exists(marker()));
  }
  EXPECT_FALSE(fs::exists(path("pwned")));
  EXPECT_FALSE(fs::exists("pwned"));
}

TEST_F(TrustPaths, ExportCopiesNoFileFromOutsideTheSuite) {
  const fs::path suite = hostileSuite({kCaseId});
  const fs::path chf = suite / "cases/hole-7x7.chf.json";
  fs::rename(chf, path("outside.chf.json"));
  fs::create_symlink(path("outside.chf.json"), chf);
  CliRun r =
      regcon("suite export " + q(path("export")) + " --suite " + q(suite));
  EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
  EXPECT_NE(r.err.find(chf.string()), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("symbolic link leads out of the folder"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(path("export/manifest.json")));
  // A manifest path that climbs out of the suite.
  fs::remove(chf);
  json manifest = json::parse(readText(suite / "manifest.json"));
  manifest["cases"][0]["chf"] = "../outside.chf.json";
  writeText(suite / "manifest.json", manifest.dump());
  r = regcon("suite export " + q(path("export")) + " --suite " + q(suite));
  EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("outside.chf.json: lies outside the folder"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(path("export/manifest.json")));
  // A symlink loop.
  manifest["cases"][0]["chf"] = "cases/loop.chf.json";
  writeText(suite / "manifest.json", manifest.dump());
  fs::create_symlink("loop.chf.json", suite / "cases/loop.chf.json");
  r = regcon("suite export " + q(path("export")) + " --suite " + q(suite));
  EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("loop.chf.json is not a file"), std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(path("export/manifest.json")));
}

// A downloaded suite names files the runner reads and hands the command:
// one outside the suite (through a symlink planted in it, a path that
// climbs out, or an absolute path) would hand over a file of the runner's
// own. The suite is refused before the command runs.
TEST_F(TrustPaths, SuiteRunsNoCaseFileFromOutsideTheSuite) {
  const fs::path suite = hostileSuite({kCaseId});
  const fs::path chf = suite / "cases/hole-7x7.chf.json";
  fs::rename(chf, path("outside.chf.json"));
  fs::create_symlink(path("outside.chf.json"), chf);
  const std::string command = shellQuote(markerPort());
  CliRun r = regcon("suite " + command + " --suite " + q(suite));
  EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("manifest.json: cases[0].chf: " + chf.string() +
                       ": a symbolic link leads out of the folder"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(marker())) << "the port ran";
  fs::remove(chf);
  json manifest = json::parse(readText(suite / "manifest.json"));
  for (const std::string& named : {std::string("../outside.chf.json"),
                                   path("outside.chf.json").string()}) {
    manifest["cases"][0]["chf"] = named;
    writeText(suite / "manifest.json", manifest.dump());
    r = regcon("suite " + command + " --suite " + q(suite));
    EXPECT_EQ(r.exitCode, 2) << named << r.out << r.err;
    EXPECT_NE(r.err.find("outside.chf.json: lies outside the folder"),
              std::string::npos)
        << named << r.err;
    EXPECT_FALSE(fs::exists(marker())) << named << ": the port ran";
  }
}

// The exported results are the reference's whichever implementation
// computes them (the optimized one by default): the same document with
// `--impl reference` and as `regcon run` prints it, and a manifest hash
// that the computed result does not have stops the export before any
// manifest is written.
TEST_F(TrustPaths, ExportHoldsEveryResultToTheManifestsHashes) {
  const fs::path suite = hostileSuite({kCaseId});
  const std::string result =
      "results/" + kit::caseFileName(kCaseId) + ".result.json";
  CliRun r =
      regcon("suite export " + q(path("byDefault")) + " --suite " + q(suite));
  ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
  r = regcon("suite export " + q(path("byReference")) + " --suite " + q(suite) +
             " --impl reference");
  ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
  const json exported = json::parse(readText(path("byDefault") / result));
  EXPECT_EQ(exported, json::parse(readText(path("byReference") / result)));
  r = regcon("run " + q(suite / "cases/hole-7x7.chf.json") + " " +
             q(suite / "cases/hole-7x7.settings.json"));
  ASSERT_EQ(r.exitCode, 0) << r.err;
  EXPECT_EQ(exported, json::parse(r.out));
  json manifest = json::parse(readText(suite / "manifest.json"));
  std::string contours = manifest["cases"][0]["hashes"]["contours"];
  contours[0] = contours[0] == '0' ? '1' : '0';
  manifest["cases"][0]["hashes"]["contours"] = contours;
  writeText(suite / "manifest.json", manifest.dump());
  r = regcon("suite export " + q(path("stale")) + " --suite " + q(suite));
  EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("case " + std::string(kCaseId) +
                       ": the contours hash of the optimized "
                       "implementation's result is not the manifest's"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(path("stale/manifest.json")));
}

TEST_F(TrustPaths, ExportOfAFifoCaseFileFailsAtOnce) {
  const fs::path suite = hostileSuite({kCaseId});
  const fs::path settings = suite / "cases/hole-7x7.settings.json";
  fs::remove(settings);
  ASSERT_EQ(::mkfifo(settings.c_str(), 0644), 0);
  // `timeout` turns a hang into exit 124.
  const CliRun r =
      shell("timeout 60 " + shellQuote(kRegcon) + " suite export " +
            q(path("export")) + " --suite " + q(suite));
  EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
  EXPECT_NE(r.err.find(settings.string() + " is not a file"), std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(path("export/manifest.json")));
}

TEST_F(TrustPaths, ExportIntoTheSuiteOrAFolderInsideItIsRefused) {
  const fs::path suite = hostileSuite({kCaseId});
  fs::create_directories(suite / "sub");
  const std::set<std::string> before = tree();
  for (const fs::path& into :
       {suite, suite / "sub", suite / "new", suite / ".." / "suite" / "x"}) {
    const CliRun r = regcon("suite export " + q(into) + " --suite " + q(suite));
    EXPECT_EQ(r.exitCode, 2) << into << r.out << r.err;
    EXPECT_NE(r.err.find("suite export: DIR " + into.string() +
                         ": is the suite folder"),
              std::string::npos)
        << r.err;
  }
  EXPECT_EQ(joined(writtenOutside(before, {"stdout.txt", "stderr.txt"})), "");
}

// A full disk or a file-size limit: the write fails with EFBIG (SIGXFSZ
// ignored, as a shell that traps it leaves it), and the export says so.
TEST_F(TrustPaths, ExportUnderAFileSizeLimitFailsWithoutAManifest) {
  // Its case files (12 KB) fit under the limit (32 or 64 KB: sh counts in
  // 512- or 1024-byte blocks), its result (76 KB) does not.
  const fs::path suite = hostileSuite({"gen/214", "second"}, "gen/214");
  const CliRun r =
      shell("trap '' XFSZ; ulimit -f 64; exec " + shellQuote(kRegcon) +
            " suite export " + q(path("export")) + " --suite " + q(suite));
  EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("cannot write " + path("export/results").string()),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.out.find("exported"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(path("export/manifest.json")));
}

// --- output places, checked before the port runs ---------------------------

TEST_F(TrustPaths, SuitePicturesOnAFileIsRefusedBeforeTheRun) {
  const fs::path suite = hostileSuite({kCaseId});
  writeText(path("file"), "");
  const CliRun r = regcon("suite " + shellQuote(markerPort()) + " --suite " +
                          q(suite) + " --pictures " + q(path("file")));
  EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("suite: --pictures " + path("file").string() +
                       ": is a file, not a folder"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(marker())) << "the port ran";
}

TEST_F(TrustPaths, SuitePicturesInAReadOnlyFolderIsRefusedEvenForRoot) {
  const fs::path suite = hostileSuite({kCaseId});
  fs::create_directories(path("readonly"));
  fs::permissions(path("readonly"), fs::perms(0555));
  for (const fs::path& place : {path("readonly"), path("readonly/new")}) {
    const CliRun r = regcon("suite " + shellQuote(markerPort()) + " --suite " +
                            q(suite) + " --pictures " + q(place));
    EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
    EXPECT_NE(r.err.find("suite: --pictures " + place.string() + ": "),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("read-only"), std::string::npos) << r.err;
  }
  EXPECT_FALSE(fs::exists(marker())) << "the port ran";
  fs::permissions(path("readonly"), fs::perms(0755));
}

TEST_F(TrustPaths, SuiteJsonAndJunitOnOnePlaceAreRefused) {
  const fs::path suite = hostileSuite({kCaseId});
  fs::create_directories(path("sub"));
  const CliRun r =
      regcon("suite " + shellQuote(markerPort()) + " --suite " + q(suite) +
             " --json " + q(path("r")) + " --junit " + q(path("sub/../r")));
  EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("suite: --junit " + path("sub/../r").string() +
                       ": the same place as --json " + path("r").string()),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(marker())) << "the port ran";
  EXPECT_FALSE(fs::exists(path("r")));
}

TEST_F(TrustPaths, SuiteShrinkOnAFileIsRefusedBeforeTheRun) {
  const fs::path suite = hostileSuite({kCaseId});
  writeText(path("file"), "");
  const CliRun r = regcon("suite " + shellQuote(markerPort()) + " --suite " +
                          q(suite) + " --shrink " + q(path("file")));
  EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("suite: --shrink " + path("file").string() +
                       ": is a file, not a folder"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(marker())) << "the port ran";
}

TEST_F(TrustPaths, ConformPictureInAMissingFolderIsRefusedBeforeTheRun) {
  const fs::path picture = path("missing/p.svg");
  const CliRun r = regcon("conform " + shellQuote(markerPort()) + " " +
                          caseInputs() + " --picture " + q(picture));
  EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("conform: --picture " + picture.string() + ": folder " +
                       path("missing").string() + " does not exist"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(marker())) << "the port ran";
}

TEST_F(TrustPaths, ShrinkOutOnAnExistingFileIsRefusedBeforeTheRun) {
  writeText(path("file"), "keep");
  const CliRun r = regcon("shrink " + shellQuote(markerPort()) + " " +
                          caseInputs() + " -o " + q(path("file")));
  EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("shrink: --out " + path("file").string() +
                       ": is a file, not a folder"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(marker())) << "the port ran";
  EXPECT_EQ(readText(path("file")), "keep");
}

TEST_F(TrustPaths, FuzzOutOnAFileIsRefusedBeforeTheRun) {
  writeText(path("file"), "keep");
  const CliRun r = regcon("fuzz " + shellQuote(markerPort()) +
                          " --cases 1 --out " + q(path("file")));
  EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("fuzz: --out " + path("file").string() +
                       ": is a file, not a folder"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(marker())) << "the port ran";
}

}  // namespace
}  // namespace regcon
