#include <gtest/gtest.h>

TEST(DistanceField, AreaZeroIsZero) { EXPECT_EQ(0, 0); }
TEST_P(Watershed, GrowthRoundsAreSynchronous) { EXPECT_EQ(1, 1); }
// TEST(Commented, Out) is no test.
