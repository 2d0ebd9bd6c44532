// regcon's conformance suite as one GoogleTest case per suite case, run in
// process against the stages this binary links (see README.md).
#include "kit/suite.h"

#include <gtest/gtest.h>

#include <cctype>
#include <string>
#include <vector>

#include "core/implementation.h"
#include "kit/answer_source.h"
#include "kit/suite_manifest.h"
#include "kit/verdict.h"
#include "registry/implementations.h"

namespace {

using regcon::kit::StageFunction;
using regcon::kit::SuiteCase;

struct Backend {
  std::string name;
  StageFunction stage;  // documents in, result out; may throw InputError
};

// Replace with your engine's stage: any callable from a heightfield and
// settings to a result. Here, both of regcon's own implementations.
std::vector<Backend> backendsUnderTest() {
  std::vector<Backend> backends;
  for (const regcon::Implementation* impl : regcon::allImplementations()) {
    backends.push_back({impl->name(), [impl](const regcon::Heightfield& hf,
                                             const regcon::Settings& s) {
                          return regcon::runStage(*impl, hf, s);
                        }});
  }
  return backends;
}

struct SuiteParameter {
  size_t backend;
  SuiteCase suiteCase;
};

const std::vector<Backend>& backends() {
  static const std::vector<Backend> all = backendsUnderTest();
  return all;
}

std::vector<SuiteParameter> everyCase() {
  const regcon::kit::Suite suite = regcon::kit::readSuite(REGCON_SUITE_DIR);
  std::vector<SuiteParameter> parameters;
  for (size_t b = 0; b < backends().size(); ++b) {
    for (const SuiteCase& c : suite.cases) parameters.push_back({b, c});
  }
  return parameters;
}

// A GoogleTest name: letters, digits and '_' only.
std::string testName(const ::testing::TestParamInfo<SuiteParameter>& info) {
  std::string name =
      backends()[info.param.backend].name + "_" + info.param.suiteCase.id;
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name + "_" + std::to_string(info.index);
}

class ConformanceSuite : public ::testing::TestWithParam<SuiteParameter> {};

TEST_P(ConformanceSuite, Conforms) {
  const SuiteParameter& p = GetParam();
  const auto source =
      regcon::kit::inProcessAnswers(backends()[p.backend].stage)();
  const regcon::kit::Verdict verdict =
      regcon::kit::classifySuiteCase(p.suiteCase, source->ask(p.suiteCase));
  EXPECT_TRUE(regcon::kit::isPass(verdict.status))
      << p.suiteCase.id << "\n"
      << regcon::kit::verdictLines(verdict);
}

INSTANTIATE_TEST_SUITE_P(Suite, ConformanceSuite,
                         ::testing::ValuesIn(everyCase()), testName);

}  // namespace
