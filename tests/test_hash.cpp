// Canonical hashes (interchange §5). Every expected value was computed
// outside this code, with coreutils over bytes written by hand, e.g.
//   printf '\x01\x00\x00\x00\xff\xff\xff\xff\x00\x01\x00\x00' | sha256sum
#include <gtest/gtest.h>

#include "interchange/hash.h"

namespace regcon {
namespace {

TEST(CanonicalHash, Int32SequenceIsLittleEndianTwosComplement) {
  EXPECT_EQ(sha256Int32({1, -1, 256}),
            "3fde8dbe317263914180478af0eca893a8e5e52d6cd2bd626e9b01052a44d176");
}

TEST(CanonicalHash, EmptySequenceIsTheEmptyDigest) {
  EXPECT_EQ(sha256Int32({}),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

// Span count 2, regionCount 1, regions 1 0:
//   printf '\x02\0\0\0\x01\0\0\0\x01\0\0\0\0\0\0\0' | sha256sum
TEST(CanonicalHash, RegionsAreCountThenRegionCountThenIds) {
  RegionResult regions;
  regions.regionCount = 1;
  regions.regions = {1, 0};
  regions.distances = std::vector<int>{5, 7};  // not part of this hash
  EXPECT_EQ(hashRegions(regions),
            "e7b12a02311e7c55a90990f47c5a78f856fcfe276552827e3dc9f884e62408da");
}

// 1 contour, rawFallbacks 2, droppedHoles 3; region 7, area 63, 3
// vertices (0,0,0,-1) (1,0,0,2) (0,5,9,0); raw loops are not hashed.
TEST(CanonicalHash, ContoursAreCountersThenEachContoursVertices) {
  const Contour contour{.region = 7,
                        .area = 63,
                        .vertices = {{0, 0, 0, -1}, {1, 0, 0, 2}, {0, 5, 9, 0}},
                        .rawOutline = Loop{{4, 4, 4, 4}},
                        .rawHoles = std::nullopt};
  const ContourSet set{
      .rawFallbacks = 2, .droppedHoles = 3, .contours = {contour}};
  EXPECT_EQ(hashContours(set),
            "7e285ba5b6472325fdee1aa65c8d88da2a5d0e7e15bf75f7b5525ebc869e0577");
}

// Span count 3, then distances 1 1 0:
//   printf '\x03\0\0\0\x01\0\0\0\x01\0\0\0\0\0\0\0' | sha256sum
TEST(CanonicalHash, DistancesAreCountThenValues) {
  EXPECT_EQ(hashDistances({1, 1, 0}),
            "bdce1c9eeff8d074bbc905b8503f9e93bcce26abb8e90c22610ca28a7eb2aab1");
}

}  // namespace
}  // namespace regcon
