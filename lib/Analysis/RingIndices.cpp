//===- RingIndices.cpp - stage counters of multi-buffered rings ---------===//
//
// A stage counter is a loop-carried integer whose value on entering the
// loop is a constant in [-1, S) and whose value on every back edge is its
// own increment modulo S, written as Triton writes it:
//
//   %n = arith.addi %x, %c1 ; %c = arith.cmpi sge, %n, %cS
//   %x.next = arith.select %c, %c0, %n
//
// (also `eq` / `sgt S-1` with the select arms as above, or `slt` / `ne`
// with them swapped). For two counters of one loop with the same S, every
// entering edge gives constants with the same difference d modulo S and the
// back edge increments both, so y - x = d (mod S) in every iteration.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Analysis/RingIndices.h"

#include "proxyfence/Analysis/BufferRegion.h"
#include "proxyfence/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;
using namespace proxyfence;

static std::optional<int64_t> getConstantInt(Value value) {
  APInt constant;
  if (value && matchPattern(value, m_ConstantInt(&constant)))
    return constant.getSExtValue();
  return std::nullopt;
}

static int64_t floorMod(int64_t value, int64_t modulus) {
  int64_t rem = value % modulus;
  return rem < 0 ? rem + modulus : rem;
}

/// `(x + 1 >= S) ? 0 : x + 1` and its spellings: (x, S).
static std::optional<std::pair<Value, int64_t>> matchIncrement(Value value) {
  auto select = value.getDefiningOp<arith::SelectOp>();
  if (!select)
    return std::nullopt;
  auto cmp = select.getCondition().getDefiningOp<arith::CmpIOp>();
  if (!cmp)
    return std::nullopt;
  Value sum = cmp.getLhs();
  std::optional<int64_t> bound = getConstantInt(cmp.getRhs());
  auto add = sum.getDefiningOp<arith::AddIOp>();
  if (!bound || !add)
    return std::nullopt;
  Value x;
  if (getConstantInt(add.getRhs()) == 1)
    x = add.getLhs();
  else if (getConstantInt(add.getLhs()) == 1)
    x = add.getRhs();
  else
    return std::nullopt;
  // Which arm is taken when the sum reaches the ring size.
  int64_t size;
  bool wrapWhenTrue;
  switch (cmp.getPredicate()) {
  case arith::CmpIPredicate::sge:
  case arith::CmpIPredicate::uge:
  case arith::CmpIPredicate::eq:
    size = *bound;
    wrapWhenTrue = true;
    break;
  case arith::CmpIPredicate::sgt:
  case arith::CmpIPredicate::ugt:
    size = *bound + 1;
    wrapWhenTrue = true;
    break;
  case arith::CmpIPredicate::slt:
  case arith::CmpIPredicate::ult:
  case arith::CmpIPredicate::ne:
    size = *bound;
    wrapWhenTrue = false;
    break;
  default:
    return std::nullopt;
  }
  Value wrapped = wrapWhenTrue ? select.getTrueValue() : select.getFalseValue();
  Value advanced =
      wrapWhenTrue ? select.getFalseValue() : select.getTrueValue();
  if (getConstantInt(wrapped) != 0 || advanced != sum || size < 1)
    return std::nullopt;
  return std::make_pair(x, size);
}

namespace {
/// The values a loop-carried value takes on each edge into its block: the
/// init and the yielded value of an scf.for iteration argument, or the
/// branch operands of every predecessor of a block argument.
struct Incoming {
  SmallVector<Value, 2> values;
  bool ok = false;
};
} // namespace

static Incoming getIncoming(Value value) {
  Incoming incoming;
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg)
    return incoming;
  Block *block = arg.getOwner();
  if (auto forOp = dyn_cast<scf::ForOp>(block->getParentOp());
      forOp && block == forOp.getBody()) {
    if (arg.getArgNumber() == 0)
      return incoming; // the induction variable
    unsigned index = arg.getArgNumber() - 1;
    auto yield = cast<scf::YieldOp>(block->getTerminator());
    incoming.values = {forOp.getInitArgs()[index], yield.getOperand(index)};
    incoming.ok = true;
    return incoming;
  }
  if (block->isEntryBlock())
    return incoming;
  for (auto it = block->pred_begin(); it != block->pred_end(); ++it) {
    auto branch = dyn_cast<BranchOpInterface>((*it)->getTerminator());
    if (!branch)
      return incoming;
    Value operand = branch.getSuccessorOperands(it.getSuccessorIndex())
                        [arg.getArgNumber()];
    if (!operand)
      return incoming;
    incoming.values.push_back(operand);
  }
  incoming.ok = !incoming.values.empty();
  return incoming;
}

int64_t RingIndexAnalysis::getModulus(Value value) {
  auto [it, inserted] = moduli.try_emplace(value, 0);
  if (!inserted)
    return it->second;
  Incoming incoming = getIncoming(value);
  if (!incoming.ok)
    return 0;
  int64_t modulus = 0;
  bool sawConstant = false, sawIncrement = false;
  for (Value in : incoming.values) {
    if (auto increment = matchIncrement(in)) {
      if (increment->first != value ||
          (modulus && modulus != increment->second))
        return 0;
      modulus = increment->second;
      sawIncrement = true;
    } else if (getConstantInt(in)) {
      sawConstant = true;
    } else {
      return 0;
    }
  }
  if (!sawConstant || !sawIncrement)
    return 0;
  for (Value in : incoming.values)
    if (std::optional<int64_t> constant = getConstantInt(in))
      if (*constant < -1 || *constant >= modulus)
        return 0;
  moduli[value] = modulus;
  return modulus;
}

std::optional<CounterExpr> RingIndexAnalysis::getCounterExpr(Value value) {
  if (int64_t modulus = getModulus(value))
    return CounterExpr{value, 0, modulus};
  if (auto increment = matchIncrement(value))
    if (getModulus(increment->first) == increment->second)
      return CounterExpr{increment->first, 1, increment->second};
  return std::nullopt;
}

std::optional<int64_t> RingIndexAnalysis::getDifference(Value x, Value y,
                                                        int64_t modulus) {
  Incoming inX = getIncoming(x), inY = getIncoming(y);
  auto argX = dyn_cast<BlockArgument>(x), argY = dyn_cast<BlockArgument>(y);
  if (!inX.ok || !inY.ok || !argX || !argY ||
      argX.getOwner() != argY.getOwner() ||
      inX.values.size() != inY.values.size())
    return std::nullopt;
  std::optional<int64_t> difference;
  for (auto [vx, vy] : llvm::zip(inX.values, inY.values)) {
    std::optional<int64_t> cx = getConstantInt(vx), cy = getConstantInt(vy);
    if (cx && cy) {
      int64_t d = floorMod(*cy - *cx, modulus);
      if (difference && *difference != d)
        return std::nullopt;
      difference = d;
      continue;
    }
    // Both advance on this edge (getModulus checked each is an increment
    // of its own counter).
    if (cx || cy)
      return std::nullopt;
  }
  return difference;
}

bool RingIndexAnalysis::provablyDistinct(Value a, Value b) {
  if (a == b)
    return false;
  std::optional<CounterExpr> ea = getCounterExpr(a), eb = getCounterExpr(b);
  if (!ea || !eb || ea->modulus != eb->modulus)
    return false;
  int64_t modulus = ea->modulus;
  if (ea->counter == eb->counter)
    return floorMod(eb->offset - ea->offset, modulus) != 0;
  std::optional<int64_t> d = getDifference(ea->counter, eb->counter, modulus);
  return d && floorMod(*d + eb->offset - ea->offset, modulus) != 0;
}

std::optional<std::pair<Value, Value>>
RingIndexAnalysis::getSlot(Value memdesc) {
  Value value = memdesc;
  while (Operation *def = value ? value.getDefiningOp() : nullptr) {
    if (auto index = dyn_cast<ttg::MemDescIndexOp>(def))
      return std::make_pair(index.getSrc(), index.getIndex());
    if (!proxyfence::isMemDescView(def))
      return std::nullopt;
    value = def->getOperand(0);
  }
  return std::nullopt;
}
