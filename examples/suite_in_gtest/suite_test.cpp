// regcon's conformance suite as one GoogleTest case per suite case, run in
// process against the implementations this binary links (see README.md).
#include "kit/suite.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kit/answer_source.h"
#include "kit/suite_manifest.h"
#include "registry/implementations.h"

namespace {

using regcon::kit::SuiteCase;

struct SuiteParameter {
  std::string implementation;
  SuiteCase suiteCase;
};

// Replace with your own stage to check an engine's implementation.
std::vector<std::string> implementationsUnderTest() {
  return {"reference", "optimized"};
}

std::vector<SuiteParameter> everyCase() {
  const regcon::kit::Suite suite = regcon::kit::readSuite(REGCON_SUITE_DIR);
  std::vector<SuiteParameter> parameters;
  for (const std::string& name : implementationsUnderTest()) {
    for (const SuiteCase& c : suite.cases) parameters.push_back({name, c});
  }
  return parameters;
}

// A GoogleTest name: letters, digits and '_' only.
std::string testName(const ::testing::TestParamInfo<SuiteParameter>& info) {
  std::string name = info.param.implementation + "_" + info.param.suiteCase.id;
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name + "_" + std::to_string(info.index);
}

class ConformanceSuite : public ::testing::TestWithParam<SuiteParameter> {};

TEST_P(ConformanceSuite, Conforms) {
  const SuiteParameter& p = GetParam();
  const auto source = regcon::kit::inProcessAnswers(
      *regcon::findImplementation(p.implementation))();
  const regcon::kit::Verdict verdict =
      regcon::kit::classifySuiteCase(p.suiteCase, source->ask(p.suiteCase));
  EXPECT_TRUE(regcon::kit::isPass(verdict.status))
      << p.suiteCase.id << "\n"
      << regcon::kit::verdictLines(verdict);
}

INSTANTIATE_TEST_SUITE_P(Suite, ConformanceSuite,
                         ::testing::ValuesIn(everyCase()), testName);

}  // namespace
