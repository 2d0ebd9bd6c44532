// The registry: the two implementations by name, and an unknown name
// refused with the names it knows (a library caller may pass any name; the
// command line checks its --impl before asking).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/types.h"
#include "registry/implementations.h"

namespace regcon {
namespace {

TEST(Registry, NamesTheReferenceFirstThenTheOptimized) {
  std::vector<std::string> names;
  for (const Implementation* impl : allImplementations()) {
    names.push_back(impl->name());
    EXPECT_EQ(findImplementation(impl->name()), impl);
    EXPECT_EQ(&implementationNamed(impl->name()), impl);
  }
  EXPECT_EQ(names, (std::vector<std::string>{"reference", "optimized"}));
}

TEST(Registry, AnUnknownNameIsNoImplementationOrAnErrorNamingTheKnownOnes) {
  EXPECT_EQ(findImplementation("fast"), nullptr);
  EXPECT_EQ(findImplementation(""), nullptr);
  try {
    implementationNamed("fast");
    FAIL() << "an unknown name was accepted";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "unknown implementation 'fast' (known: reference, optimized)");
  }
}

}  // namespace
}  // namespace regcon
