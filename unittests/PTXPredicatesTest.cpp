//===- PTXPredicatesTest.cpp - unit tests of branch correlation ----------===//
//
// lib/PTX/Predicates.cpp through its API: which predicates are stable (the
// same value at every evaluation in a thread), how two registers computed
// alike or by negated comparisons become one predicate, and the facts the
// edges of a conditional branch give, with what they imply through
// not/and/or.pred.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/PTX/Analysis.h"

#include "gtest/gtest.h"

#include <string>

using namespace proxyfence;
using namespace proxyfence::ptx;

namespace {

std::string kernel(llvm::StringRef body) {
  return std::string(".version 8.7\n.target sm_90a\n.address_size 64\n"
                     ".visible .entry k(.param .u32 k_param_0)\n{\n"
                     "\t.reg .pred %p<16>;\n\t.reg .b32 %r<64>;\n") +
         body.str() + "\tret;\n}\n";
}

class PTXPredicates : public ::testing::Test {
protected:
  void load(llvm::StringRef body) {
    text = kernel(body);
    facts.reset();
    module = Module();
    ReadError error;
    ASSERT_TRUE(readModule("p.ptx", text, module, error)) << error.message;
    ASSERT_EQ(module.functions.size(), 1u);
    cfg = buildCFG(module.functions[0]);
    facts.emplace(module.functions[0], cfg);
  }
  /// The index of the first block whose first instruction has `opcode`.
  unsigned blockStarting(llvm::StringRef opcode) {
    const Function &f = module.functions[0];
    for (unsigned b = 0; b != cfg.blocks.size(); ++b)
      if (f.instructions[cfg.blocks[b].begin].opcode == opcode)
        return b;
    ADD_FAILURE() << "no block starts with " << opcode.str();
    return 0;
  }
  /// The block of the instruction that defines `reg`.
  unsigned blockDefining(llvm::StringRef reg) {
    const Function &f = module.functions[0];
    for (unsigned i = 0; i != f.instructions.size(); ++i)
      if (!f.instructions[i].operands.empty() &&
          f.instructions[i].operands[0] == reg)
        return cfg.blockOf[i];
    ADD_FAILURE() << "no definition of " << reg.str();
    return 0;
  }
  /// The instruction index of the first `opcode`.
  unsigned first(llvm::StringRef opcode) {
    const Function &f = module.functions[0];
    for (unsigned i = 0; i != f.instructions.size(); ++i)
      if (f.instructions[i].opcode == opcode)
        return i;
    ADD_FAILURE() << "no " << opcode.str();
    return 0;
  }

  std::string text;
  Module module;
  CFG cfg;
  std::optional<PredicateFacts> facts;
};

TEST_F(PTXPredicates, StableMeansOneValuePerThread) {
  // A guard gives facts only when its predicate is stable.
  load("\tmov.u32 %r1, %tid.x;\n"
       "\tsetp.eq.s32 %p1, %r1, 0;\n"
       "\tld.param.u32 %r2, [k_param_0];\n"
       "\tsetp.gt.u32 %p2, %r2, 62;\n"
       "\tsetp.gt.u32 %p2, %r2, 62;\n" // the same expression again
       "\tmov.u32 %r3, 0;\n"
       "$L_loop:\n"
       "\tadd.s32 %r3, %r3, 1;\n" // a loop counter: two definitions
       "\tsetp.lt.s32 %p3, %r3, 8;\n"
       "\tld.shared.u32 %r4, [%r1];\n"
       "\tsetp.ne.s32 %p4, %r4, 0;\n" // a load: not stable
       "\telect.sync %r5|%p5, -1;\n"   // one leader per mask: stable
       "\telect.sync %r6|%p6, %r4;\n"  // a loaded mask: not stable
       "\t@%p1 st.shared.u32 [%r1], 1;\n"
       "\t@%p2 st.shared.u32 [%r1], 2;\n"
       "\t@%p3 st.shared.u32 [%r1], 3;\n"
       "\t@%p4 st.shared.u32 [%r1], 4;\n"
       "\t@%p5 st.shared.u32 [%r1], 5;\n"
       "\t@%p6 st.shared.u32 [%r1], 6;\n"
       "\t@%p3 bra $L_loop;\n");
  unsigned firstStore = first("st.shared.u32");
  auto stableGuard = [&](unsigned k) {
    return !facts->instructionFacts(cfg, firstStore + k).empty();
  };
  EXPECT_TRUE(stableGuard(0));
  EXPECT_TRUE(stableGuard(1));
  EXPECT_FALSE(stableGuard(2));
  EXPECT_FALSE(stableGuard(3));
  EXPECT_TRUE(stableGuard(4));
  EXPECT_FALSE(stableGuard(5));
  // Two registers computed alike are one value: %p2's guard implies the
  // second definition's.
  EXPECT_TRUE(facts->implies(facts->instructionFacts(cfg, firstStore + 1),
                             firstStore + 1));
}

TEST_F(PTXPredicates, ElectedIssuerIsOneValueAcrossBranches) {
  // CUTLASS's issuer predicate: 0 outside warp 0, else the elected lane,
  // set on two paths; then store, commit and wait each behind its own
  // branch on it (a grouped GEMM epilogue). The value at the join is
  // `warp != 0 ? 0 : elected`, stable, so the branches are correlated.
  load("\tmov.u32 %r1, %tid.x;\n"
       "\tand.b32 %r2, %r1, 96;\n"
       "\tsetp.ne.s32 %p1, %r2, 0;\n"
       "\tmov.pred %p2, 0;\n"
       "\t@%p1 bra $L_join;\n"
       "\tmov.b32 %r3, 0;\n"
       "\t{\n"
       "\t.reg .b32 %rx;\n"
       "\t.reg .pred %px;\n"
       "\telect.sync %rx|%px, -1;\n"
       "\t@%px mov.s32 %r3, 1;\n"
       "\t}\n"
       "\tsetp.ne.s32 %p2, %r3, 0;\n"
       "$L_join:\n"
       "\tnot.pred %p3, %p2;\n"
       "\t@%p3 bra $L_a;\n"
       "\tcp.async.bulk.commit_group;\n"
       "$L_a:\n"
       "\tbar.sync 0;\n"
       "\t@%p3 bra $L_b;\n"
       "\tcp.async.bulk.wait_group.read 0;\n"
       "$L_b:\n"
       "\tmembar.cta;\n");
  unsigned issue = blockStarting("cp.async.bulk.commit_group");
  unsigned second = blockStarting("bar.sync");
  unsigned wait = blockStarting("cp.async.bulk.wait_group.read");
  unsigned done = blockStarting("membar.cta");
  ASSERT_FALSE(facts->atBlock(issue).empty());
  EXPECT_TRUE(PredicateFacts::contradicts(facts->atBlock(issue),
                                          facts->edgeFacts(second, done)));
  EXPECT_FALSE(PredicateFacts::contradicts(facts->atBlock(issue),
                                           facts->edgeFacts(second, wait)));
}

TEST_F(PTXPredicates, ValuesSetOnPathsNoFactTellsApartAreUnknown) {
  // The same shape, but the predicate is set to 0 or to the election on
  // paths a loaded flag picks: no stable fact tells them apart.
  load("\tmov.u32 %r1, %tid.x;\n"
       "\tld.shared.u32 %r2, [%r1];\n"
       "\tsetp.ne.s32 %p1, %r2, 0;\n"
       "\tmov.pred %p2, 0;\n"
       "\t@%p1 bra $L_join;\n"
       "\telect.sync %r3|%p2, -1;\n"
       "$L_join:\n"
       "\tnot.pred %p3, %p2;\n"
       "\t@%p3 bra $L_a;\n"
       "\tcp.async.bulk.commit_group;\n"
       "$L_a:\n"
       "\tbar.sync 0;\n");
  EXPECT_TRUE(facts->atBlock(blockStarting("cp.async.bulk.commit_group")).empty());
}

TEST_F(PTXPredicates, BranchesOnTheSamePredicateAreCorrelated) {
  // tid == 0 issues; the wait is behind `setp.ne` of the same operands on
  // another register: the same predicate, negated.
  load("\tmov.u32 %r1, %tid.x;\n"
       "\tsetp.eq.s32 %p1, %r1, 0;\n"
       "\t@!%p1 bra $L_skip;\n"
       "\tcp.async.bulk.commit_group;\n"
       "$L_skip:\n"
       "\tsetp.ne.s32 %p2, %r1, 0;\n"
       "\t@%p2 bra $L_done;\n"
       "\tcp.async.bulk.wait_group.read 0;\n"
       "$L_done:\n"
       "\tbar.sync 0;\n");
  unsigned issue = blockStarting("cp.async.bulk.commit_group");
  unsigned wait = blockStarting("cp.async.bulk.wait_group.read");
  PredicateFacts::FactSet atIssue = facts->atBlock(issue);
  ASSERT_FALSE(atIssue.empty());
  // The edge that skips the wait contradicts the issue's facts; the
  // fall-through into the wait does not.
  unsigned branch = cfg.blockOf[first("setp.ne.s32")];
  unsigned done = blockStarting("bar.sync");
  EXPECT_TRUE(PredicateFacts::contradicts(
      atIssue, facts->edgeFacts(branch, done)));
  EXPECT_FALSE(PredicateFacts::contradicts(
      atIssue, facts->edgeFacts(branch, wait)));
  // The join after both paths knows nothing.
  EXPECT_TRUE(facts->atBlock(done).empty());
}

TEST_F(PTXPredicates, FactsPassThroughNotAndOr) {
  // %p3 = %p1 || %p2: where %p3 is false, both are false.
  load("\tmov.u32 %r1, %tid.x;\n"
       "\tsetp.eq.s32 %p1, %r1, 0;\n"
       "\tld.param.u32 %r2, [k_param_0];\n"
       "\tsetp.ne.s32 %p2, %r2, 0;\n"
       "\tor.pred %p3, %p1, %p2;\n"
       "\t@%p3 bra $L_out;\n"
       "\tmov.u32 %r5, 1;\n"
       "$L_out:\n"
       "\tnot.pred %p4, %p1;\n"
       "\t@%p4 bra $L_end;\n"
       "\tmov.u32 %r6, 2;\n"
       "$L_end:\n"
       "\tbar.sync 0;\n");
  unsigned inside = blockDefining("%r5");
  unsigned notBlock = cfg.blockOf[first("not.pred")];
  unsigned tid0 = blockDefining("%r6");
  // In the fall-through of `@%p3 bra`, %p3, %p1 and %p2 are all false.
  EXPECT_EQ(facts->atBlock(inside).size(), 3u);
  // The fall-through of `@%p4 bra` (%p4 false, so %p1 true) contradicts
  // them; its taken edge (%p1 false) does not.
  EXPECT_TRUE(PredicateFacts::contradicts(
      facts->atBlock(inside), facts->edgeFacts(notBlock, tid0)));
  EXPECT_FALSE(PredicateFacts::contradicts(
      facts->atBlock(inside),
      facts->edgeFacts(notBlock, blockStarting("bar.sync"))));
}

} // namespace

/// A loop over a loaded flag: `selp r3, 1, 0, p1` before `@!p1 bra join`,
/// then `setp.eq p2, r3, 0; @p2 bra exit` after the join; `beforeBranch`
/// and `afterJoin` are inserted before the first branch and after the join.
static std::string flagLoop(const char *beforeBranch = "", const char *afterJoin = "") {
  return std::string("\tmov.u32 %r1, 0;\n"
                     "$L_loop:\n"
                     "\tld.shared.u32 %r2, [%r1];\n"
                     "\tsetp.ne.s32 %p1, %r2, 0;\n"
                     "\tselp.u32 %r3, 1, 0, %p1;\n") +
         beforeBranch +
         "\t@!%p1 bra $L_join;\n"
         "\tadd.s32 %r4, %r2, 1;\n"
         "$L_join:\n" +
         afterJoin +
         "\tsetp.eq.s32 %p2, %r3, 0;\n"
         "\t@%p2 bra $L_exit;\n"
         "\tbra.uni $L_loop;\n"
         "$L_exit:\n"
         "\tbar.sync 0;\n";
}

TEST_F(PTXPredicates, UnstablePredicateCorrelatedOverTwoBranches) {
  // A loaded flag (not stable). From the `@!p1` edge the loop's
  // fall-through is infeasible; from the other predecessor (no branch of
  // its own) nothing is known.
  load(flagLoop());
  unsigned head = cfg.blockOf[first("ld.shared.u32")];
  unsigned taken = cfg.blockOf[first("add.s32")];
  unsigned join = cfg.blockOf[first("setp.eq.s32")];
  unsigned loop = cfg.blockOf[first("bra.uni")];
  unsigned exit = blockStarting("bar.sync");
  EXPECT_TRUE(facts->correlated(join));
  EXPECT_TRUE(facts->infeasiblePath(head, join, loop));
  EXPECT_FALSE(facts->infeasiblePath(head, join, exit));
  EXPECT_FALSE(facts->infeasiblePath(taken, join, loop));
  EXPECT_FALSE(facts->infeasiblePath(taken, join, exit));
}

TEST_F(PTXPredicates, RedefinitionsBreakTheCorrelation) {
  // The flag loaded again after the join: nothing is known.
  load(flagLoop("", "\tld.shared.u32 %r3, [%r1];\n"));
  EXPECT_FALSE(facts->correlated(cfg.blockOf[first("setp.eq.s32")]));
  // The flag set to 1 after the join: the loop goes on whatever the first
  // branch did (only the exit is ruled out, from both predecessors).
  load(flagLoop("", "\tmov.u32 %r3, 1;\n"));
  unsigned head = cfg.blockOf[first("ld.shared.u32")];
  unsigned join = cfg.blockOf[first("setp.eq.s32")];
  unsigned back = cfg.blockOf[first("bra.uni")];
  unsigned exit = blockStarting("bar.sync");
  EXPECT_FALSE(facts->infeasiblePath(head, join, back));
  EXPECT_TRUE(facts->infeasiblePath(head, join, exit));
  // The predicate redefined between the selp and the branch.
  load(flagLoop("\tsetp.ne.s32 %p1, %r2, 7;\n"));
  EXPECT_FALSE(facts->correlated(cfg.blockOf[first("setp.eq.s32")]));
}
