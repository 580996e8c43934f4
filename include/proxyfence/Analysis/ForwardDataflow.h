//===- ForwardDataflow.h - forward dataflow over Triton's IR ----*- C++ -*-===//
//
// The control-flow skeleton shared by proxyfence's analyses: straight-line
// blocks, unstructured regions (cf branches, a worklist to a fixpoint),
// scf.for / scf.while loops (iterated to a fixpoint), scf.if, and
// ttg.warp_specialize (every region starts from the state before the op;
// after it, any region's effects may be pending). Other ops with regions are
// treated as running their regions in order. A derived class supplies the
// state (with `bool merge(const State &)`) and `visitOp`, and may shadow
// `enterBlock`, `refineBranch` and `transferBlock` (to visit only the ops
// of a block it knows to matter).
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_ANALYSIS_FORWARDDATAFLOW_H
#define PROXYFENCE_ANALYSIS_FORWARDDATAFLOW_H

#include "proxyfence/Dialect/TritonGPU/IR/Dialect.h"
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Region.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

namespace proxyfence {

template <typename Derived, typename State>
class ForwardDataflow {
public:
  /// Runs over every function body under `root`, each from `entry`.
  void runOnFunctions(mlir::Operation *root, const State &entry) {
    root->walk([&](mlir::FunctionOpInterface function) {
      if (!function.isExternal())
        transferRegion(function.getFunctionBody(), entry);
    });
  }

  /// Applies `op` (and its regions, first) to `state`.
  void transferOp(mlir::Operation *op, State &state) {
    // Most ops have no regions: none of the cases below applies.
    if (op->getNumRegions() == 0) {
      derived().visitOp(op, state);
      return;
    }
    if (auto forOp = llvm::dyn_cast<mlir::scf::ForOp>(op)) {
      transferLoop(forOp.getRegion(), state);
    } else if (auto whileOp = llvm::dyn_cast<mlir::scf::WhileOp>(op)) {
      // before -> (after -> before)* -> exit after `before`.
      State loopIn = state;
      State before = transferRegion(whileOp.getBefore(), loopIn);
      while (loopIn.merge(transferRegion(whileOp.getAfter(), before)))
        before = transferRegion(whileOp.getBefore(), loopIn);
      state = std::move(before);
    } else if (auto ifOp = llvm::dyn_cast<mlir::scf::IfOp>(op)) {
      State elseIn = state;
      derived().refineBranch(ifOp.getCondition(), /*taken=*/true, state);
      derived().refineBranch(ifOp.getCondition(), /*taken=*/false, elseIn);
      transferRegionInPlace(ifOp.getThenRegion(), state);
      transferRegionInPlace(ifOp.getElseRegion(), elseIn);
      state.merge(elseIn);
    } else if (llvm::isa<ttg::MaskOp, ttg::WarpPredicateOp>(op)) {
      // A region that runs only when its predicate holds (operand #0).
      mlir::Value predicate = op->getOperand(0);
      State skipped = state;
      derived().refineBranch(predicate, /*taken=*/true, state);
      derived().refineBranch(predicate, /*taken=*/false, skipped);
      transferRegionInPlace(op->getRegion(0), state);
      state.merge(skipped);
    } else if (auto subtiled = llvm::dyn_cast<ttng::SubtiledRegionOp>(op)) {
      // setup, then the tile body once per subtile (a loop), then teardown.
      if (mlir::Region *setup = subtiled.getNamedRegion("setup"))
        transferRegionInPlace(*setup, state);
      if (mlir::Region *tile = subtiled.getNamedRegion("tile"))
        transferLoop(*tile, state);
      if (mlir::Region *teardown = subtiled.getNamedRegion("teardown"))
        transferRegionInPlace(*teardown, state);
    } else if (auto ws = llvm::dyn_cast<ttg::WarpSpecializeOp>(op)) {
      State out = state;
      transferRegionInPlace(ws.getDefaultRegion(), out);
      for (mlir::Region &partition : ws.getPartitionRegions()) {
        State in = state;
        transferRegionInPlace(partition, in);
        out.merge(in);
      }
      state = std::move(out);
    } else {
      for (mlir::Region &region : op->getRegions())
        transferRegionInPlace(region, state);
    }
    derived().visitOp(op, state);
  }

  Derived &derived() { return *static_cast<Derived *>(this); }

  /// Applies every op of `block` to `state`. A derived class that shadows
  /// this must call enterBlock and transferOp as this does, skipping only
  /// ops whose visit changes nothing.
  void transferBlock(mlir::Block &block, State &state) {
    derived().enterBlock(block, state);
    for (mlir::Operation &op : block)
      transferOp(&op, state);
  }

  /// The state after `region`, entered with `in`.
  State transferRegion(mlir::Region &region, const State &in) {
    State state = in;
    transferRegionInPlace(region, state);
    return state;
  }

  /// Applies `region` to `state` (the state on entry, then on exit): a
  /// region of one block is transferred without a copy of the state.
  void transferRegionInPlace(mlir::Region &region, State &state) {
    if (region.empty())
      return;
    if (region.hasOneBlock()) {
      derived().transferBlock(region.front(), state);
      return;
    }
    // Unstructured control flow: a worklist over blocks to a fixpoint.
    llvm::DenseMap<mlir::Block *, State> blockIn;
    llvm::SetVector<mlir::Block *> worklist;
    blockIn[&region.front()] = std::move(state);
    worklist.insert(&region.front());
    State exit;
    while (!worklist.empty()) {
      mlir::Block *block = worklist.pop_back_val();
      State out = blockIn[block];
      derived().transferBlock(*block, out);
      if (block->getNumSuccessors() == 0)
        exit.merge(out);
      for (auto [index, succ] : llvm::enumerate(block->getSuccessors())) {
        State edge = out;
        refineEdge(block->getTerminator(), index, edge);
        bool first = !blockIn.count(succ);
        if (blockIn[succ].merge(edge) || first)
          worklist.insert(succ);
      }
    }
    state = std::move(exit);
  }

  /// Called when the flow enters `block` (its arguments take new values).
  /// A derived class may shadow this; by default it does nothing.
  void enterBlock(mlir::Block &block, State &state) {}

  /// Narrows `state` on the side of a branch on `condition` (taken or
  /// not). A derived class may shadow this; by default it does nothing.
  void refineBranch(mlir::Value condition, bool taken, State &state) {}

  /// The state along successor `index` of a terminator: `cf.cond_br` is a
  /// branch on its condition.
  void refineEdge(mlir::Operation *terminator, unsigned index, State &state) {
    if (auto condBr = llvm::dyn_cast<mlir::cf::CondBranchOp>(terminator))
      derived().refineBranch(condBr.getCondition(), /*taken=*/index == 0,
                             state);
  }

  /// The state at the top of a loop body joins the entry with the back
  /// edge; after the loop it is the same set (zero or more iterations).
  void transferLoop(mlir::Region &body, State &state) {
    while (true) {
      State out = state;
      transferRegionInPlace(body, out);
      if (!state.merge(out))
        break;
    }
  }
};

} // namespace proxyfence

#endif // PROXYFENCE_ANALYSIS_FORWARDDATAFLOW_H
