// The three reports of `regcon suite`: the summary table on stdout, JSON and
// JUnit XML. Each carries the tool's and the suite's versions.
#include <algorithm>
#include <iomanip>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/version.h"
#include "kit/suite.h"
#include "render/report_text.h"

namespace regcon::kit {
namespace {

using nlohmann::ordered_json;
using render::terminalEscaped;
using render::utf8Escaped;
using render::xmlEscaped;

// What a case counts as in the summary: its status, or the expected-failure
// bookkeeping on top of it.
std::string outcomeLabel(const CaseOutcome& o) {
  if (o.expectedFailure) {
    return o.passed() ? "unexpected-pass" : "expected-failure";
  }
  return std::string(statusName(o.verdict.status));
}

// Where a failure sits in the spec: the step blamed (from the first
// difference, or found by the probe when there was no result), the first
// differing stage, the interchange rule of a must-reject case, or no
// result at all.
std::string attribution(const CaseOutcome& o) {
  if (o.suiteCase.mustReject) return "interchange (must reject)";
  if (o.verdict.specSection.empty()) {
    return o.verdict.firstStage.empty() ? "no result" : o.verdict.firstStage;
  }
  return o.verdict.clause.empty()
             ? o.verdict.specSection
             : o.verdict.specSection + " " + o.verdict.clause;
}

std::string versionLine(const SuiteRun& run) {
  return std::string("regcon ") + kToolVersion + ", suite " + run.suiteName +
         " version " + std::to_string(run.suiteVersion);
}

std::string secondsText(double seconds) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(3) << seconds;
  return out.str();
}

// Pads to `width` characters, not bytes: "§" is two bytes of UTF-8.
std::string padded(const std::string& text, size_t width) {
  const size_t characters =
      static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
      }));
  return text + std::string(width > characters ? width - characters : 1, ' ');
}

struct Tally {
  size_t failing = 0;
  size_t expected = 0;
  size_t cases = 0;
  std::map<std::string, size_t> partitions;  // failing cases by partition
};

// "watershed 3, layers 1": where a section's failures come from.
std::string partitionsText(const Tally& t) {
  std::vector<std::pair<std::string, size_t>> rows(t.partitions.begin(),
                                                   t.partitions.end());
  std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
    return a.second > b.second;
  });
  std::string text;
  for (const auto& [partition, count] : rows) {
    text +=
        (text.empty() ? "" : ", ") + partition + " " + std::to_string(count);
  }
  return text;
}

// The share of a tag's cases that fail, in whole percent.
size_t failingPercent(const Tally& t) {
  return t.cases == 0 ? 0 : (100 * t.failing + t.cases / 2) / t.cases;
}

std::string tableRow(const std::string& name, const Tally& t, bool withCases) {
  std::ostringstream row;
  row << "  " << padded(name, 28) << std::right << std::setw(7) << t.failing
      << std::setw(9) << t.expected;
  if (withCases) {
    row << std::setw(8) << t.cases << std::setw(6) << failingPercent(t) << "%";
  } else if (!t.partitions.empty()) {
    row << "  " << partitionsText(t);
  }
  return row.str() + "\n";
}

// With case counts (tags), by the share of cases that fail: a tag every
// case carries fails with every bug, the telling one fails with few
// others. Without (spec sections), by failing cases. Ties by failing cases,
// then by name.
bool comesFirst(const Tally& a, const Tally& b, bool byShare) {
  if (byShare && a.failing * b.cases != b.failing * a.cases) {
    return a.failing * b.cases > b.failing * a.cases;
  }
  return a.failing > b.failing;
}

std::string statusTable(const SuiteRun& run) {
  std::map<std::string, size_t> counts;
  for (const CaseOutcome& o : run.outcomes) ++counts[outcomeLabel(o)];
  std::ostringstream out;
  out << padded("status", 31) << "cases\n";
  for (const auto& [label, count] : counts) {
    out << "  " << padded(label, 28) << std::setw(6) << count << "\n";
  }
  return out.str();
}

// Failing cases (expected ones counted apart) grouped by `key`.
std::string groupTable(const std::string& title,
                       const std::map<std::string, Tally>& groups,
                       bool withCases) {
  if (groups.empty()) return "";
  std::vector<std::pair<std::string, Tally>> rows(groups.begin(), groups.end());
  std::stable_sort(rows.begin(), rows.end(),
                   [withCases](const auto& a, const auto& b) {
                     return comesFirst(a.second, b.second, withCases);
                   });
  std::string text =
      title +
      std::string(std::max<int>(1, 30 - static_cast<int>(title.size())), ' ') +
      "failing  expected" + (withCases ? "   cases  share" : "  partitions") +
      "\n";
  for (const auto& [name, tally] : rows)
    text += tableRow(name, tally, withCases);
  return text;
}

std::string sectionTable(const SuiteRun& run) {
  std::map<std::string, Tally> groups;
  for (const CaseOutcome& o : run.outcomes) {
    if (o.passed()) continue;
    Tally& t = groups[attribution(o)];
    ++(o.expectedFailure ? t.expected : t.failing);
    if (!o.suiteCase.mustReject) ++t.partitions[o.suiteCase.partition];
  }
  return groupTable("failures by spec section", groups, false);
}

std::string tagTable(const SuiteRun& run) {
  std::map<std::string, Tally> groups;
  std::map<std::string, size_t> casesWithTag;
  for (const CaseOutcome& o : run.outcomes) {
    for (const std::string& tag : o.suiteCase.tags) ++casesWithTag[tag];
  }
  for (const CaseOutcome& o : run.outcomes) {
    if (o.passed()) continue;
    for (const std::string& tag : o.suiteCase.tags) {
      Tally& t = groups[tag];
      ++(o.expectedFailure ? t.expected : t.failing);
      t.cases = casesWithTag[tag];
    }
  }
  return groupTable("failures by tag", groups, true);
}

std::string indented(const std::string& label, const std::string& text) {
  std::string out;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) out += "      " + label + line + "\n";
  return out;
}

std::string caseLines(const CaseOutcome& o) {
  const Verdict& v = o.verdict;
  std::string text = "  " + outcomeLabel(o) + "  " + o.suiteCase.id;
  if (o.expectedFailure) text += " (listed: " + *o.expectedFailure + ")";
  text += "\n";
  if (o.passed()) return text;
  if (o.expectedFailure)
    text += "      " + std::string(statusName(v.status)) + "\n";
  if (!v.message.empty()) text += indented("", v.message);
  for (const SectionDifference& d : v.differences) {
    text += "      " + d.section +
            (d.specSection.empty() ? "" : " (" + d.specSection + ")") + ": " +
            std::to_string(d.count) + " differing; first: " + d.first + "\n";
  }
  if (v.status != Status::Pass && !v.stderrTail.empty()) {
    text += indented("stderr| ", v.stderrTail);
  }
  if (!o.probeNote.empty()) text += "      " + o.probeNote + "\n";
  for (const std::string& answer : o.probeAnswers) {
    text += "        " + answer + "\n";
  }
  if (!o.picture.empty()) text += "      picture: " + o.picture + "\n";
  if (!o.pictureNote.empty()) text += "      " + o.pictureNote + "\n";
  if (o.shrunk) {
    text += "      shrunk (" + o.shrunk->verdict + ") from " +
            o.shrunk->originalSize + " to " + o.shrunk->shrunkSize + " in " +
            std::to_string(o.shrunk->runs) +
            " runs\n      replay: " + o.shrunk->replay + "\n";
  } else if (!o.shrinkNote.empty()) {
    text += "      " + o.shrinkNote + "\n";
  }
  return text;
}

ordered_json shrunkJson(const CaseOutcome& o) {
  if (!o.shrunk) return ordered_json();
  const Reproducer& r = *o.shrunk;
  return {{"verdict", r.verdict},
          {"chf", r.chf},
          {"settings", r.settings},
          {"replay", r.replay},
          {"originalSize", r.originalSize},
          {"shrunkSize", r.shrunkSize},
          {"originalSpans", r.originalSpans},
          {"shrunkSpans", r.shrunkSpans},
          {"runs", r.runs},
          {"kept", r.kept}};
}

ordered_json differencesJson(const Verdict& v) {
  ordered_json list = ordered_json::array();
  for (const SectionDifference& d : v.differences) {
    list.push_back({{"section", d.section},
                    {"spec", d.specSection},
                    {"count", d.count},
                    {"first", d.first}});
  }
  return list;
}

ordered_json caseJson(const CaseOutcome& o) {
  const Verdict& v = o.verdict;
  ordered_json c = {{"id", o.suiteCase.id},
                    {"kind", o.suiteCase.mustReject ? "mustReject" : "case"},
                    {"tags", o.suiteCase.tags},
                    {"status", statusName(v.status)},
                    {"outcome", outcomeLabel(o)},
                    {"counted", o.fails() ? "failure" : "ok"},
                    {"seconds", v.seconds},
                    {"message", v.message},
                    {"firstStage", v.firstStage},
                    {"spec", v.specSection},
                    {"clause", v.clause},
                    {"differences", differencesJson(v)},
                    {"stderrTail", v.stderrTail}};
  if (o.suiteCase.mustReject) {
    c["rule"] = o.suiteCase.rule;
  } else {
    c["partition"] = o.suiteCase.partition;
  }
  c["expectedFailure"] =
      o.expectedFailure ? ordered_json(*o.expectedFailure) : ordered_json();
  c["picture"] = o.picture.empty() ? ordered_json() : ordered_json(o.picture);
  if (!o.pictureNote.empty()) c["pictureNote"] = o.pictureNote;
  c["shrunk"] = shrunkJson(o);
  if (!o.shrinkNote.empty()) c["shrinkNote"] = o.shrinkNote;
  if (!o.probeNote.empty())
    c["probe"] = {{"note", o.probeNote}, {"answers", o.probeAnswers}};
  return c;
}

// Every string of a JSON document (keys too) as valid UTF-8: the JSON
// writer refuses anything else, and ids, tags, reasons and the command's
// stderr come from outside.
ordered_json withValidUtf8(const ordered_json& value) {
  if (value.is_string()) return utf8Escaped(value.get<std::string>());
  if (value.is_array()) {
    ordered_json list = ordered_json::array();
    for (const ordered_json& item : value) list.push_back(withValidUtf8(item));
    return list;
  }
  if (value.is_object()) {
    ordered_json object = ordered_json::object();
    for (const auto& [key, item] : value.items()) {
      object[utf8Escaped(key)] = withValidUtf8(item);
    }
    return object;
  }
  return value;
}

// Crashes, a missing command and timeouts are errors (the run went wrong);
// every other failing status is a failure of the port's output.
bool isJunitError(Status status) {
  return status == Status::Crashed || status == Status::InternalError ||
         status == Status::NotFound || status == Status::Timeout ||
         status == Status::NotRun;
}

std::string junitCase(const SuiteRun& run, const CaseOutcome& o) {
  const std::string source = o.suiteCase.id.substr(0, o.suiteCase.id.find('/'));
  std::string xml = "    <testcase classname=\"" +
                    xmlEscaped(run.suiteName + "." + source) + "\" name=\"" +
                    xmlEscaped(o.suiteCase.id) + "\" time=\"" +
                    secondsText(o.verdict.seconds) + "\"";
  if (o.passed() && !o.expectedFailure) return xml + "/>\n";
  xml += ">\n";
  std::string details = caseLines(o);
  if (o.expectedFailure && !o.passed()) {
    xml += "      <skipped message=\"" +
           xmlEscaped("expected failure: " + *o.expectedFailure) + "\"/>\n";
  } else {
    const std::string element =
        !o.passed() && isJunitError(o.verdict.status) ? "error" : "failure";
    const std::string message =
        o.passed() ? "unexpected pass of a case listed as an expected failure"
                   : o.verdict.message;
    xml += "      <" + element + " type=\"" + xmlEscaped(outcomeLabel(o)) +
           "\" message=\"" + xmlEscaped(message) + "\">" + xmlEscaped(details) +
           "</" + element + ">\n";
  }
  return xml + "    </testcase>\n";
}

}  // namespace

std::string summaryTable(const SuiteRun& run) {
  size_t failing = 0, expected = 0, unexpectedPasses = 0, shrunk = 0;
  std::string failingLines;
  for (const CaseOutcome& o : run.outcomes) {
    shrunk += o.shrunk.has_value();
    failing += o.fails() && !o.passed();
    expected += o.expectedFailure && !o.passed();
    unexpectedPasses += o.expectedFailure && o.passed();
    if (!o.passed() || o.expectedFailure) failingLines += caseLines(o);
  }
  std::ostringstream out;
  out << "regcon suite: " << run.outcomes.size() << " cases of " << run.suiteDir
      << "\n  command: " << run.command << " ("
      << (run.batch ? "batch, interchange §7" : "a process per case, §6")
      << "; " << run.jobs << (run.jobs == 1 ? " job" : " jobs") << "; timeout "
      << run.timeoutSeconds << " s; " << secondsText(run.seconds) << " s)\n  "
      << versionLine(run) << "\n\n";
  out << statusTable(run);
  const std::string sections = sectionTable(run);
  if (!sections.empty()) out << "\n" << sections << "\n" << tagTable(run);
  if (!failingLines.empty())
    out << "\ncases that fail or are listed\n" << failingLines;
  out << "\n"
      << run.outcomes.size() - failing - expected - unexpectedPasses
      << " pass, " << failing << " fail, " << expected << " expected failures, "
      << unexpectedPasses << " unexpected passes\n";
  if (!run.shrinkDir.empty()) {
    out << shrunk << " failing cases shrunk into " << run.shrinkDir
        << " (each case's replay line above)\n";
  }
  out << (run.conforms() ? "conforms\n" : "does not conform\n");
  // Ids, tags, reasons and the command's stderr may hold escape sequences.
  return terminalEscaped(out.str());
}

std::string jsonReport(const SuiteRun& run) {
  size_t failing = 0;
  std::map<std::string, size_t> byOutcome;
  ordered_json cases = ordered_json::array();
  for (const CaseOutcome& o : run.outcomes) {
    failing += o.fails();
    ++byOutcome[outcomeLabel(o)];
    cases.push_back(caseJson(o));
  }
  const ordered_json report = {
      {"tool", "regcon"},
      {"toolVersion", kToolVersion},
      {"suite", run.suiteName},
      {"suiteVersion", run.suiteVersion},
      {"suiteDir", run.suiteDir},
      {"command", run.command},
      {"mode", run.batch ? "batch" : "process"},
      {"jobs", run.jobs},
      {"timeoutSeconds", run.timeoutSeconds},
      {"seconds", run.seconds},
      {"shrinkDir",
       run.shrinkDir.empty() ? ordered_json() : ordered_json(run.shrinkDir)},
      {"conforms", run.conforms()},
      {"summary",
       {{"cases", run.outcomes.size()},
        {"failing", failing},
        {"byOutcome", byOutcome}}},
      {"cases", cases}};
  return withValidUtf8(report).dump(2) + "\n";
}

std::string junitReport(const SuiteRun& run) {
  size_t failures = 0, errors = 0, skipped = 0;
  std::string cases;
  for (const CaseOutcome& o : run.outcomes) {
    const bool error =
        !o.passed() && !o.expectedFailure && isJunitError(o.verdict.status);
    errors += error;
    failures += o.fails() && !error;
    skipped += o.expectedFailure && !o.passed();
    cases += junitCase(run, o);
  }
  const std::string counts = "tests=\"" + std::to_string(run.outcomes.size()) +
                             "\" failures=\"" + std::to_string(failures) +
                             "\" errors=\"" + std::to_string(errors) +
                             "\" skipped=\"" + std::to_string(skipped) +
                             "\" time=\"" + secondsText(run.seconds) + "\"";
  const std::string name = xmlEscaped(run.suiteName);
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"" +
         name + "\" " + counts + ">\n  <testsuite name=\"" + name + "\" " +
         counts +
         ">\n    <properties>\n      <property name=\"tool\" value=\"" +
         xmlEscaped(std::string("regcon ") + kToolVersion) +
         "\"/>\n      <property name=\"suiteVersion\" value=\"" +
         std::to_string(run.suiteVersion) +
         "\"/>\n      <property name=\"command\" value=\"" +
         xmlEscaped(run.command) + "\"/>\n    </properties>\n" + cases +
         "  </testsuite>\n</testsuites>\n";
}

}  // namespace regcon::kit
