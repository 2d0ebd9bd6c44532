// The benchmark's output: a table per input, the size sweep with the
// targets of issue 12, a CSV of every row and an SVG plot of ns per span
// against size per stage.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "bench/measure.h"

namespace regcon::bench {

struct Row {
  std::string input;
  std::string group;  // "mesh", "scenario", "sweep" or "hostile"
  int64_t spans = 0;
  std::string stage;
  std::string impl;  // "recast", "reference" or "optimized"
  Measurement m;
};

// The stages in table order, and the implementations in column order.
const std::vector<std::string>& stageNames();
const std::vector<std::string>& implNames();

// The table of one input's rows.
void printInput(const std::vector<Row>& rows, const std::string& input);
// Per stage across the sweep: optimized / Recast, ns per span, peak bytes
// per span, and the targets of issue 12.
void printSweep(const std::vector<Row>& rows);
void writeCsv(const std::vector<Row>& rows, const std::string& path);
void writeSvg(const std::vector<Row>& rows, const std::string& path);

}  // namespace regcon::bench
