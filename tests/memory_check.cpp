// Issues 2 and 16: every reader holds at most 4x the document in memory.
// Measured on the shapes that cost most per document byte: for the
// heightfield a sparse grid (two bytes "0," per cell) and a dense one (one
// span per cell in the shortest spelling); for regions, ids and distances
// of one digit; for contours, many four-vertex contours (the square of a
// one-cell region, the smallest a contour stage writes) with one-digit
// coordinates; and a result holding both. Each read runs in a forked child; its
// peak resident set, less that of a child that reads nothing, is what the
// read cost. This binary is built without sanitizers and with -O2
// (tests/CMakeLists.txt), so the number is the allocator's, not ASan's.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "interchange/io.h"

namespace regcon {
namespace {

// Peak resident bytes of a child running `work`; the child must exit 0.
long long childPeakBytes(const std::function<void()>& work) {
  const pid_t pid = fork();
  if (pid == 0) {
    try {
      work();
    } catch (...) {
      _exit(1);
    }
    _exit(0);
  }
  int status = 0;
  rusage usage{};
  EXPECT_EQ(wait4(pid, &status, 0, &usage), pid);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
      << "the child could not read the document";
  return static_cast<long long>(usage.ru_maxrss) * 1024;
}

class ReaderMemory : public ::testing::Test {
 protected:
  void TearDown() override { std::filesystem::remove(path_); }

  // Reading the document at path_ with `read` costs at most 4x its size.
  template <typename Read>
  void expectAtMostFourTimesTheDocument(Read read) {
    const long long size =
        static_cast<long long>(std::filesystem::file_size(path_));
    const long long idle = childPeakBytes([] {});
    const long long reading = childPeakBytes([&] {
      std::ifstream in(path_, std::ios::binary);
      (void)read(in, path_);
    });
    const double ratio = static_cast<double>(reading - idle) / size;
    std::printf("document %lld bytes, read peak %lld bytes: %.2fx\n", size,
                reading - idle, ratio);
    EXPECT_LE(ratio, 4.0);
  }

  std::string path_ = (std::filesystem::temp_directory_path() /
                       ("regcon-memory-" + std::to_string(getpid()) + ".json"))
                          .string();
};

void writeHeader(std::ofstream& out, int width, int depth) {
  out << "{\"format\":\"build3d.chf\",\"version\":1,\"width\":" << width
      << ",\"depth\":" << depth << ",\"counts\":[";
}

// 20 M empty cells and one span: 40 MB, 2 bytes of document per cell.
TEST_F(ReaderMemory, SparseGridNeedsAtMostFourTimesTheDocument) {
  const int side = 4473;
  {
    std::ofstream out(path_);
    writeHeader(out, side, side);
    const long long cells = static_cast<long long>(side) * side;
    for (long long c = 0; c + 1 < cells; ++c) out << "0,";
    out << "1],\"spans\":[[0,1,-1,-1,-1,-1]]}";
  }
  expectAtMostFourTimesTheDocument(readHeightfield);
}

// 2.5 M cells of one span each, linked to every neighbour: 16 bytes of
// document per cell ("1," and "[0,0,0,0,0,0],").
TEST_F(ReaderMemory, DenseGridNeedsAtMostFourTimesTheDocument) {
  const int side = 1581;
  {
    std::ofstream out(path_);
    writeHeader(out, side, side);
    const long long cells = static_cast<long long>(side) * side;
    for (long long c = 0; c < cells; ++c) out << (c > 0 ? ",1" : "1");
    out << "],\"spans\":[";
    for (int z = 0; z < side; ++z) {
      for (int x = 0; x < side; ++x) {
        // Direction order -x, +z, +x, -z; no link off the grid.
        out << (x > 0 || z > 0 ? ",[0,0," : "[0,0,") << (x > 0 ? 0 : -1) << ','
            << (z + 1 < side ? 0 : -1) << ',' << (x + 1 < side ? 0 : -1) << ','
            << (z > 0 ? 0 : -1) << ']';
      }
    }
    out << "]}";
  }
  expectAtMostFourTimesTheDocument(readHeightfield);
}

// 10 M spans, "0," and "1," in both arrays: 40 MB, 4 bytes per span.
TEST_F(ReaderMemory, RegionsNeedAtMostFourTimesTheDocument) {
  const long long spans = 10'000'000;
  {
    std::ofstream out(path_);
    out << "{\"format\":\"build3d.regions\",\"version\":1,"
           "\"regionCount\":1,\"regions\":[";
    for (long long s = 0; s < spans; ++s) out << (s > 0 ? ",1" : "1");
    out << "],\"distances\":[";
    for (long long s = 0; s < spans; ++s) out << (s > 0 ? "," : "") << s % 10;
    out << "]}";
  }
  expectAtMostFourTimesTheDocument(readRegions);
}

// One contour: a one-cell square, 66 bytes in its shortest spelling.
void writeSquareContour(std::ofstream& out, long long index) {
  const int x = static_cast<int>(index % 9);
  out << (index > 0 ? ",{" : "{") << "\"region\":" << 1 + index % 9
      << ",\"area\":1,\"vertices\":[[" << x << ",0,0,0],[" << x << ",0,1,0],["
      << x + 1 << ",0,1,0],[" << x + 1 << ",0,0,0]]}";
}

void writeContours(std::ofstream& out, long long contours) {
  out << "{\"format\":\"build3d.contours\",\"version\":1,"
         "\"rawFallbacks\":0,\"droppedHoles\":0,\"contours\":[";
  for (long long c = 0; c < contours; ++c) writeSquareContour(out, c);
  out << "]}";
}

// 260 k four-vertex contours: 20 MB.
TEST_F(ReaderMemory, ContoursNeedAtMostFourTimesTheDocument) {
  {
    std::ofstream out(path_);
    writeContours(out, 260'000);
  }
  expectAtMostFourTimesTheDocument(readContours);
}

// 5 M spans of regions and 130 k contours: 40 MB.
TEST_F(ReaderMemory, ResultNeedsAtMostFourTimesTheDocument) {
  const long long spans = 5'000'000;
  {
    std::ofstream out(path_);
    out << "{\"format\":\"build3d.result\",\"version\":1,\"regions\":"
           "{\"format\":\"build3d.regions\",\"version\":1,"
           "\"regionCount\":9,\"regions\":[";
    for (long long s = 0; s < spans; ++s) out << (s > 0 ? "," : "") << s % 10;
    out << "],\"distances\":[";
    for (long long s = 0; s < spans; ++s) out << (s > 0 ? ",0" : "0");
    out << "]},\"contours\":";
    writeContours(out, 130'000);
    out << "}";
  }
  expectAtMostFourTimesTheDocument(
      [](std::istream& in, const std::string& name) {
        return readResult(in, name);
      });
}

}  // namespace
}  // namespace regcon
