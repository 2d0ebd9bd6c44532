#include "bench/report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>

namespace regcon::bench {
namespace {

const Row* find(const std::vector<Row>& rows, const std::string& input,
                const std::string& stage, const std::string& impl) {
  for (const Row& row : rows) {
    if (row.input == input && row.stage == stage && row.impl == impl &&
        row.m.ok()) {
      return &row;
    }
  }
  return nullptr;
}

double nsPerSpan(const Row& row) {
  return row.spans ? row.m.cpuMedianMs * 1e6 / static_cast<double>(row.spans)
                   : NAN;
}

double bytesPerSpan(const Row& row) {
  return row.spans ? static_cast<double>(row.m.peakBytes) /
                         static_cast<double>(row.spans)
                   : NAN;
}

// This row's median CPU time over Recast's on the same input and stage.
double ratioToRecast(const std::vector<Row>& rows, const Row& row) {
  const Row* rc = find(rows, row.input, row.stage, "recast");
  return rc && row.m.ok() ? row.m.cpuMedianMs / rc->m.cpuMedianMs : NAN;
}

// The order inputs first appear in.
std::vector<std::string> inputsOf(const std::vector<Row>& rows,
                                  const std::string& group) {
  std::vector<std::string> names;
  for (const Row& row : rows) {
    if (!group.empty() && row.group != group) continue;
    if (std::find(names.begin(), names.end(), row.input) == names.end()) {
      names.push_back(row.input);
    }
  }
  return names;
}

std::string cell(double value, const char* format) {
  if (std::isnan(value)) return "-";
  char text[32];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

double value(const Row* row, double (*of)(const Row&)) {
  return row ? of(*row) : NAN;
}

double cpuMs(const Row& row) {
  return row.m.cpuMedianMs;
}

void printTargets(const std::vector<Row>& rows,
                  const std::vector<std::string>& sweep);

}  // namespace

const std::vector<std::string>& stageNames() {
  static const std::vector<std::string> names{
      "distance",    "watershed", "monotone", "layers",
      "layer-first", "contours",  "whole"};
  return names;
}

const std::vector<std::string>& implNames() {
  static const std::vector<std::string> names{"recast", "reference",
                                              "optimized"};
  return names;
}

void printInput(const std::vector<Row>& rows, const std::string& input) {
  int64_t spans = 0;
  for (const Row& row : rows) {
    if (row.input == input) spans = row.spans;
  }
  std::printf(
      "\n%s: %lld spans; CPU medians (runs)\n%-12s %13s %13s %13s %7s %7s "
      "%17s %17s\n",
      input.c_str(), static_cast<long long>(spans), "stage", "Recast ms",
      "reference ms", "optimized ms", "ref/rc", "opt/rc", "ns/span rc/ref/opt",
      "B/span rc/ref/opt");
  for (const std::string& stage : stageNames()) {
    const Row* rc = find(rows, input, stage, "recast");
    const Row* ref = find(rows, input, stage, "reference");
    const Row* opt = find(rows, input, stage, "optimized");
    if (!rc && !ref && !opt) continue;
    auto timed = [](const Row* row) {
      return row ? cell(row->m.cpuMedianMs, "%.2f") + " (" +
                       std::to_string(row->m.runs) + ")"
                 : std::string("-");
    };
    const std::string ns = cell(value(rc, nsPerSpan), "%.0f") + "/" +
                           cell(value(ref, nsPerSpan), "%.0f") + "/" +
                           cell(value(opt, nsPerSpan), "%.0f");
    const std::string bytes = cell(value(rc, bytesPerSpan), "%.0f") + "/" +
                              cell(value(ref, bytesPerSpan), "%.0f") + "/" +
                              cell(value(opt, bytesPerSpan), "%.0f");
    std::printf("%-12s %13s %13s %13s %7s %7s %17s %17s\n", stage.c_str(),
                timed(rc).c_str(), timed(ref).c_str(), timed(opt).c_str(),
                cell(value(ref, cpuMs) / value(rc, cpuMs), "%.2f").c_str(),
                cell(value(opt, cpuMs) / value(rc, cpuMs), "%.2f").c_str(),
                ns.c_str(), bytes.c_str());
  }
  for (const Row& row : rows) {
    if (row.input == input && !row.m.note.empty()) {
      std::printf("  note: %s %s: %s\n", row.impl.c_str(), row.stage.c_str(),
                  row.m.note.c_str());
    }
  }
  std::fflush(stdout);
}

void printSweep(const std::vector<Row>& rows) {
  const std::vector<std::string> sweep = inputsOf(rows, "sweep");
  if (sweep.empty()) return;
  std::printf("\nsweep: optimized / Recast (optimized ns/span, B/span)\n%-12s",
              "stage");
  for (const std::string& input : sweep) std::printf(" %22s", input.c_str());
  std::printf("\n");
  for (const std::string& stage : stageNames()) {
    std::printf("%-12s", stage.c_str());
    for (const std::string& input : sweep) {
      const Row* opt = find(rows, input, stage, "optimized");
      const std::string text = opt ? cell(ratioToRecast(rows, *opt), "%.2f") +
                                         " (" + cell(nsPerSpan(*opt), "%.0f") +
                                         ", " +
                                         cell(bytesPerSpan(*opt), "%.0f") + ")"
                                   : std::string("-");
      std::printf(" %22s", text.c_str());
    }
    std::printf("\n");
  }
  printTargets(rows, sweep);
}

namespace {

// The targets over the sweep, each with how far it is missed.
void printTargets(const std::vector<Row>& rows,
                  const std::vector<std::string>& sweep) {
  std::printf("\ntargets (issue 12), over the sweep:\n");
  for (const std::string& stage : stageNames()) {
    const double limit = stage == "watershed" ? 0.5 : 1.0;
    double worst = 0;
    std::string where;
    double worstBytes = 0;
    for (const std::string& input : sweep) {
      const Row* opt = find(rows, input, stage, "optimized");
      if (!opt) continue;
      const double ratio = ratioToRecast(rows, *opt);
      if (ratio > worst) {
        worst = ratio;
        where = input;
      }
      worstBytes = std::max(worstBytes, bytesPerSpan(*opt));
    }
    std::printf(
        "  %-12s optimized/Recast <= %.1f: worst %.2f at %s (%s); "
        "peak <= 32 B/span: worst %.0f (%s)\n",
        stage.c_str(), limit, worst, where.c_str(),
        worst <= limit ? "met" : "not met", worstBytes,
        worstBytes <= 32 ? "met" : "not met");
  }
  // Per-span growth along the terrain tiles, smallest to largest.
  std::vector<std::string> terrain;
  for (const std::string& input : sweep) {
    if (input.rfind("terrain-", 0) == 0) terrain.push_back(input);
  }
  if (terrain.size() < 2) return;
  std::printf("  ns/span %s -> %s within +-50%%:\n", terrain.front().c_str(),
              terrain.back().c_str());
  for (const std::string& stage : stageNames()) {
    const Row* first = find(rows, terrain.front(), stage, "optimized");
    const Row* last = find(rows, terrain.back(), stage, "optimized");
    if (!first || !last) continue;
    const double growth = nsPerSpan(*last) / nsPerSpan(*first);
    std::printf("    %-12s %.0f -> %.0f ns/span (x%.2f, %s)\n", stage.c_str(),
                nsPerSpan(*first), nsPerSpan(*last), growth,
                growth >= 0.5 && growth <= 1.5 ? "met" : "not met");
  }
}

}  // namespace

void writeCsv(const std::vector<Row>& rows, const std::string& path) {
  std::filesystem::create_directories(
      std::filesystem::path(path).parent_path());
  std::ofstream out(path);
  if (!out) throw std::runtime_error("cannot write " + path);
  out << "input,group,spans,stage,impl,runs,cpu_median_ms,cpu_min_ms,"
         "cpu_max_ms,wall_median_ms,ns_per_span,ratio_to_recast,peak_bytes,"
         "peak_bytes_per_span,note\n";
  for (const Row& row : rows) {
    const Measurement& m = row.m;
    out << row.input << ',' << row.group << ',' << row.spans << ',' << row.stage
        << ',' << row.impl << ',' << m.runs << ',';
    if (m.ok()) {
      out << cell(m.cpuMedianMs, "%.3f") << ',' << cell(m.cpuMinMs, "%.3f")
          << ',' << cell(m.cpuMaxMs, "%.3f") << ','
          << cell(m.wallMedianMs, "%.3f") << ',' << cell(nsPerSpan(row), "%.1f")
          << ',' << cell(ratioToRecast(rows, row), "%.3f") << ',' << m.peakBytes
          << ',' << cell(bytesPerSpan(row), "%.1f");
    } else {
      out << ",,,,,,,";
    }
    out << ',' << '"' << m.note << '"' << '\n';
  }
}

namespace {

// Log-log panel geometry: spans 10^4..10^8 across, ns/span by decades up.
struct Panel {
  double left, top, width, height;
  double yLowDecade, yHighDecade;
  double x(double spans) const {
    return left + width * (std::log10(spans) - 4) / 4;
  }
  double y(double ns) const {
    return top +
           height * (yHighDecade - std::log10(ns)) / (yHighDecade - yLowDecade);
  }
};

const char* colourOf(const std::string& impl) {
  if (impl == "recast") return "#444444";
  if (impl == "reference") return "#d95f02";
  return "#1b7e9e";
}

void axes(std::ostream& out, const Panel& p, const std::string& stage) {
  out << "<rect x='" << p.left << "' y='" << p.top << "' width='" << p.width
      << "' height='" << p.height << "' fill='none' stroke='#999'/>\n";
  out << "<text x='" << p.left + p.width / 2 << "' y='" << p.top - 8
      << "' text-anchor='middle' font-weight='bold'>" << stage << "</text>\n";
  const char* xLabels[] = {"10k", "100k", "1M", "10M", "100M"};
  for (int d = 4; d <= 8; ++d) {
    const double x = p.x(std::pow(10.0, d));
    out << "<line x1='" << x << "' y1='" << p.top << "' x2='" << x << "' y2='"
        << p.top + p.height << "' stroke='#eee'/>\n";
    out << "<text x='" << x << "' y='" << p.top + p.height + 14
        << "' text-anchor='middle'>" << xLabels[d - 4] << "</text>\n";
  }
  for (double d = p.yLowDecade; d <= p.yHighDecade; ++d) {
    const double y = p.y(std::pow(10.0, d));
    out << "<line x1='" << p.left << "' y1='" << y << "' x2='"
        << p.left + p.width << "' y2='" << y << "' stroke='#eee'/>\n";
    out << "<text x='" << p.left - 4 << "' y='" << y + 4
        << "' text-anchor='end'>" << cell(std::pow(10.0, d), "%.0f")
        << "</text>\n";
  }
}

void series(std::ostream& out, const Panel& p, const std::vector<Row>& rows,
            const std::string& stage, const std::string& impl) {
  std::string line;
  for (const Row& row : rows) {
    if (row.stage != stage || row.impl != impl || !row.m.ok() ||
        row.group == "hostile") {
      continue;
    }
    const double x = p.x(static_cast<double>(row.spans));
    const double y = p.y(nsPerSpan(row));
    out << "<circle cx='" << x << "' cy='" << y << "' r='3' fill='"
        << colourOf(impl) << "'><title>" << impl << ' ' << row.input << ": "
        << cell(nsPerSpan(row), "%.1f") << " ns/span</title></circle>\n";
    if (row.group == "sweep" && row.input.rfind("terrain-", 0) == 0) {
      // Piece by piece: GCC 12 -O3 warns falsely (-Wrestrict) on a + b.
      if (!line.empty()) line += ' ';
      line += cell(x, "%.1f");
      line += ',';
      line += cell(y, "%.1f");
    }
  }
  if (!line.empty()) {
    out << "<polyline points='" << line << "' fill='none' stroke='"
        << colourOf(impl) << "' stroke-width='1.5'/>\n";
  }
}

}  // namespace

void writeSvg(const std::vector<Row>& rows, const std::string& path) {
  double low = 1e30, high = 0;
  for (const Row& row : rows) {
    if (!row.m.ok() || row.group == "hostile" || row.spans == 0) continue;
    low = std::min(low, nsPerSpan(row));
    high = std::max(high, nsPerSpan(row));
  }
  if (high == 0) low = high = 1;
  const double lowDecade = std::floor(std::log10(std::max(low, 1e-3)));
  const double highDecade =
      std::max(lowDecade + 1, std::ceil(std::log10(std::max(high, 1e-3))));
  const int columns = 4;
  const double panelW = 260, panelH = 200, gapX = 70, gapY = 70;
  const int panels = static_cast<int>(stageNames().size());
  const double width = columns * (panelW + gapX) + 20;
  const double height =
      ((panels + columns - 1) / columns) * (panelH + gapY) + 70;
  std::filesystem::create_directories(
      std::filesystem::path(path).parent_path());
  std::ofstream out(path);
  if (!out) throw std::runtime_error("cannot write " + path);
  out << "<?xml version='1.0' encoding='UTF-8'?>\n"
      << "<svg xmlns='http://www.w3.org/2000/svg' width='" << width
      << "' height='" << height << "' font-family='sans-serif' "
      << "font-size='11'>\n<rect width='100%' height='100%' fill='white'/>\n"
      << "<text x='10' y='18' font-size='14'>ns per span (CPU median) "
         "against spans, log-log; line: terrain tiles 1M, 4M, 16M; dots: "
         "every input</text>\n";
  double legendX = 10;
  for (const std::string& impl : implNames()) {
    out << "<circle cx='" << legendX + 5 << "' cy='34' r='4' fill='"
        << colourOf(impl) << "'/><text x='" << legendX + 13 << "' y='38'>"
        << impl << "</text>\n";
    legendX += 90;
  }
  for (int i = 0; i < panels; ++i) {
    const Panel p{gapX - 10 + (i % columns) * (panelW + gapX),
                  80 + (i / columns) * (panelH + gapY),
                  panelW,
                  panelH,
                  lowDecade,
                  highDecade};
    const std::string& stage = stageNames()[i];
    axes(out, p, stage);
    for (const std::string& impl : implNames())
      series(out, p, rows, stage, impl);
  }
  out << "</svg>\n";
}

}  // namespace regcon::bench
