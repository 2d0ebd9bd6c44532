// regcon's conformance suite as one GoogleTest case per suite case, run in
// process against the implementations this binary links (see README.md).
#include "cli/suite.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli/answer_source.h"
#include "cli/suite_manifest.h"
#include "registry/implementations.h"

namespace {

using regcon::cli::SuiteCase;

struct SuiteParameter {
  std::string implementation;
  SuiteCase suiteCase;
};

// Replace with your own stage to check an engine's implementation.
std::vector<std::string> implementationsUnderTest() {
  return {"reference", "optimized"};
}

std::vector<SuiteParameter> everyCase() {
  const regcon::cli::Suite suite = regcon::cli::readSuite(REGCON_SUITE_DIR);
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
  const auto source = regcon::cli::inProcessAnswers(
      *regcon::findImplementation(p.implementation))();
  const regcon::cli::Verdict verdict =
      regcon::cli::classifySuiteCase(p.suiteCase, source->ask(p.suiteCase));
  EXPECT_TRUE(regcon::cli::isPass(verdict.status))
      << p.suiteCase.id << "\n"
      << regcon::cli::verdictLines(verdict);
}

INSTANTIATE_TEST_SUITE_P(Suite, ConformanceSuite,
                         ::testing::ValuesIn(everyCase()), testName);

}  // namespace
