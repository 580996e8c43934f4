//===- PTXProvenanceTest.cpp - unit tests of shared-address provenance ---===//
//
// lib/PTX/Provenance.cpp through its API: which shared symbol and byte
// offsets a register may hold after mov/cvta of a symbol, constant and
// ranged offsets, mapa, descriptor building, and where provenance is lost
// (then the address may alias any shared memory, and the checker says so).
//
//===----------------------------------------------------------------------===//

#include "proxyfence/PTX/Analysis.h"

#include "gtest/gtest.h"

#include <string>

using namespace proxyfence;
using namespace proxyfence::ptx;

namespace {

/// A module with shared symbols `tile` (4096 bytes), `other` (256), the
/// dynamic arrays `dynA`/`dynB`, and one kernel whose body is `body`.
std::string kernel(llvm::StringRef body) {
  return std::string(".version 8.7\n.target sm_90a\n.address_size 64\n"
                     ".extern .shared .align 16 .b8 dynA[];\n"
                     ".extern .shared .align 16 .b8 dynB[];\n"
                     ".visible .entry k(.param .u64 k_param_0)\n{\n"
                     "\t.reg .pred %p<8>;\n\t.reg .b32 %r<64>;\n"
                     "\t.reg .b64 %rd<32>;\n"
                     "\t.shared .align 128 .b8 tile[4096];\n"
                     "\t.shared .align 8 .b8 other[256];\n") +
         body.str() + "\tret;\n}\n";
}

class PTXProvenance : public ::testing::Test {
protected:
  void load(llvm::StringRef body) {
    text = kernel(body);
    module = Module();
    ReadError error;
    ASSERT_TRUE(readModule("p.ptx", text, module, error)) << error.message;
    ASSERT_EQ(module.functions.size(), 1u);
    cfg = buildCFG(module.functions[0]);
    provenance.emplace(module, module.functions[0], &cfg);
  }
  /// A kernel declared `.maxntid threads, 1, 1`, its provenance without a
  /// CFG.
  void loadWithThreads(llvm::StringRef body, unsigned threads) {
    text = kernel(body);
    text.insert(text.find("\n{\n"),
                "\n.maxntid " + std::to_string(threads) + ", 1, 1");
    module = Module();
    ReadError error;
    ASSERT_TRUE(readModule("p.ptx", text, module, error)) << error.message;
    provenance.emplace(module, module.functions[0]);
  }
  AbstractValue at(llvm::StringRef operand) {
    return provenance->evaluate(operand);
  }
  int symbol(llvm::StringRef name) {
    std::optional<unsigned> index = module.findShared(name);
    EXPECT_TRUE(index) << name.str();
    return index ? static_cast<int>(*index) : -2;
  }
  /// Expects `v` (of `what`) to be an address of `name` at exactly
  /// [lo, hi].
  void expectAddressValue(const AbstractValue &v, llvm::StringRef what,
                          llvm::StringRef name, int64_t lo, int64_t hi) {
    EXPECT_EQ(v.kind, AbstractValue::Address) << what.str();
    EXPECT_EQ(v.symbol, symbol(name)) << what.str();
    EXPECT_TRUE(v.offsetKnown) << what.str();
    EXPECT_EQ(v.lo, lo) << what.str();
    EXPECT_EQ(v.hi, hi) << what.str();
  }
  /// Expects `reg` to be an address of `name` at exactly [lo, hi].
  void expectAddress(llvm::StringRef reg, llvm::StringRef name, int64_t lo,
                     int64_t hi) {
    expectAddressValue(at(reg), reg, name, lo, hi);
  }

  std::string text;
  Module module;
  CFG cfg;
  std::optional<Provenance> provenance;
};

TEST_F(PTXProvenance, MovAndCvtaOfASharedSymbol) {
  load("\tmov.u32 %r1, tile;\n"
       "\tmov.u64 %rd1, other;\n"
       "\tcvta.shared.u64 %rd2, %rd1;\n"
       "\tcvta.to.shared.u64 %rd3, %rd2;\n"
       "\tcvt.u32.u64 %r2, %rd3;\n"
       "\tmov.u32 %r3, %r1;\n");
  expectAddress("%r1", "tile", 0, 0);
  expectAddress("%rd1", "other", 0, 0);
  expectAddress("%rd2", "other", 0, 0);
  expectAddress("%rd3", "other", 0, 0);
  expectAddress("%r2", "other", 0, 0);
  expectAddress("%r3", "tile", 0, 0);
  EXPECT_FALSE(at("%r1").remote);
  // A symbol operand with a constant, and plain numbers.
  expectAddress("tile+48", "tile", 48, 48);
  AbstractValue number = at("0x40");
  EXPECT_EQ(number.kind, AbstractValue::Int);
  EXPECT_EQ(number.lo, 64);
  EXPECT_EQ(number.hi, 64);
  EXPECT_EQ(at("-12").lo, -12);
}

TEST_F(PTXProvenance, ConstantOffsetsThroughAddAndSub) {
  load("\tmov.u32 %r1, tile;\n"
       "\tadd.s32 %r2, %r1, 1024;\n"
       "\tadd.s32 %r3, 16, %r2;\n"
       "\tsub.s32 %r4, %r3, 8;\n"
       "\tmov.u32 %r5, 512;\n"
       "\tadd.s32 %r6, %r1, %r5;\n");
  expectAddress("%r2", "tile", 1024, 1024);
  expectAddress("%r3", "tile", 1040, 1040);
  expectAddress("%r4", "tile", 1032, 1032);
  expectAddress("%r6", "tile", 512, 512);
}

TEST_F(PTXProvenance, RegisterOffsetsThroughArithmetic) {
  // tid & 31 is in [0, 31]; << 4 is in [0, 496]; + tile.
  load("\tmov.u32 %r1, %tid.x;\n"
       "\tand.b32 %r2, %r1, 31;\n"
       "\tshl.b32 %r3, %r2, 4;\n"
       "\tmov.u32 %r4, tile;\n"
       "\tadd.s32 %r5, %r4, %r3;\n"
       "\tmad.lo.s32 %r6, %r2, 8, 64;\n"
       "\tadd.s32 %r7, %r4, %r6;\n"
       "\tld.param.u32 %r9, [k_param_0];\n"
       "\tadd.s32 %r8, %r4, %r9;\n"
       "\tadd.s32 %r10, %r4, %r1;\n");
  AbstractValue lane = at("%r2");
  EXPECT_EQ(lane.kind, AbstractValue::Int);
  EXPECT_EQ(lane.lo, 0);
  EXPECT_EQ(lane.hi, 31);
  expectAddress("%r5", "tile", 0, 496);
  expectAddress("%r7", "tile", 64, 64 + 31 * 8);
  // An unbounded register offset keeps the symbol, not the offset.
  AbstractValue unbounded = at("%r8");
  EXPECT_EQ(unbounded.kind, AbstractValue::Address);
  EXPECT_EQ(unbounded.symbol, symbol("tile"));
  EXPECT_FALSE(unbounded.offsetKnown);
  // %tid.x is bounded by the ISA's 1024 threads per CTA.
  AbstractValue tid = at("%r1");
  EXPECT_EQ(tid.kind, AbstractValue::Int);
  EXPECT_EQ(tid.lo, 0);
  EXPECT_EQ(tid.hi, 1023);
  expectAddress("%r10", "tile", 0, 1023);
}

TEST_F(PTXProvenance, MapaMakesTheAddressRemote) {
  // To another rank (or one not known), another CTA's bytes; to the
  // executing CTA's own %cluster_ctarank, its own (PTX ISA, mapa).
  load("\tmov.u32 %r1, tile;\n"
       "\tadd.s32 %r2, %r1, 128;\n"
       "\tmapa.shared::cluster.u32 %r3, %r2, 1;\n"
       "\tmov.u32 %r4, %cluster_ctarank;\n"
       "\tmapa.shared::cluster.u32 %r5, %r1, %r4;\n"
       "\tld.param.u32 %r6, [k_param_0];\n"
       "\tmapa.shared::cluster.u32 %r7, %r1, %r6;\n"
       "\tmapa.shared::cluster.u32 %r8, %r2, %cluster_ctarank;\n");
  expectAddress("%r3", "tile", 128, 128);
  EXPECT_TRUE(at("%r3").remote);
  EXPECT_FALSE(at("%r5").remote);
  expectAddress("%r5", "tile", 0, 0);
  EXPECT_TRUE(at("%r7").remote);
  EXPECT_FALSE(at("%r8").remote);
  expectAddress("%r8", "tile", 128, 128);
  EXPECT_FALSE(at("%r2").remote);
}

TEST_F(PTXProvenance, SwizzleStaysInItsAlignedBlock) {
  // CuTe's Swizzle<3,4,3>: a ^ ((a >> 3) & 112) changes bits 4-6 of the
  // address only; `tile` is 128-byte aligned, so an offset stays in its
  // 128-byte line. Masking an address with a constant gives an integer.
  load("\tmov.u32 %r1, tile;\n"
       "\tadd.s32 %r2, %r1, 640;\n"
       "\tshr.u32 %r3, %r2, 3;\n"
       "\tand.b32 %r4, %r3, 112;\n"
       "\txor.b32 %r5, %r4, %r2;\n"
       "\tor.b32 %r6, %r2, %r4;\n"
       // A swizzle of up to 255 of the 8-byte aligned `other` at 32: the
       // block is not aligned, but the offset moves by at most 255.
       "\tmov.u32 %r7, other;\n"
       "\tadd.s32 %r10, %r7, 32;\n"
       "\tand.b32 %r8, %r3, 255;\n"
       "\txor.b32 %r9, %r8, %r10;\n"
       "\tor.b32 %r11, %r8, %r10;\n");
  EXPECT_EQ(at("%r4").kind, AbstractValue::Int);
  EXPECT_GE(at("%r4").lo, 0);
  EXPECT_LE(at("%r4").hi, 127);
  expectAddress("%r5", "tile", 640, 767);
  expectAddress("%r6", "tile", 640, 767);
  expectAddress("%r9", "other", 32 - 255, 32 + 255);
  expectAddress("%r11", "other", 32, 32 + 255);
}

TEST_F(PTXProvenance, DescriptorStartAddressIsDecoded) {
  // (addr & 0x3FFFF) >> 4 in bits 0-13, the other fields or-ed in, as a
  // 64-bit descriptor; and the bfe form Triton emits. The value stays an
  // address of `tile`, flagged as a descriptor, its offset in bytes.
  load("\tmov.u32 %r1, tile;\n"
       "\tadd.s32 %r2, %r1, 2048;\n"
       "\tand.b32 %r3, %r2, 262143;\n"
       "\tshr.u32 %r4, %r3, 4;\n"
       "\tcvt.u64.u32 %rd1, %r4;\n"
       "\tor.b64 %rd2, %rd1, 4611686293305294848;\n"
       "\tshl.b64 %rd3, %rd2, 0;\n"
       "\tbfe.u32 %r5, %r2, 4, 14;\n"
       "\tcvt.u64.u32 %rd4, %r5;\n"
       "\tor.b64 %rd5, 1125899906842624, %rd4;\n"
       "\tadd.s64 %rd6, %rd2, 2;\n");
  expectAddress("%r3", "tile", 2048, 2048);
  EXPECT_FALSE(at("%r3").descriptor);
  for (llvm::StringRef reg : {"%r4", "%rd1", "%rd2", "%rd5"}) {
    expectAddress(reg, "tile", 2048, 2048);
    EXPECT_TRUE(at(reg).descriptor) << reg.str();
    EXPECT_TRUE(at(reg).fieldsKnown) << reg.str();
  }
  EXPECT_EQ(at("%rd1").fields, 0u);
  EXPECT_EQ(at("%rd2").fields, 4611686293305294848u);
  EXPECT_EQ(at("%rd5").fields, 1125899906842624u);
  // A K step of 2 moves the start by 32 bytes.
  expectAddress("%rd6", "tile", 2080, 2080);
  EXPECT_EQ(at("%rd6").fields, 4611686293305294848u);
  // Other bit operations keep only the symbol.
  AbstractValue shifted = at("%rd3");
  EXPECT_EQ(shifted.kind, AbstractValue::Address);
  EXPECT_EQ(shifted.symbol, symbol("tile"));
  EXPECT_FALSE(shifted.offsetKnown);
  EXPECT_FALSE(shifted.descriptor);
  // The other operand of the descriptor's `or` is no integer range (it is
  // read as a 64-bit pattern only there).
  EXPECT_EQ(at("4611686293305294848").kind, AbstractValue::Top);
}

TEST_F(PTXProvenance, DescriptorHalvesAndFoldedFields) {
  // CUTLASS: shr, then `and 0x3FFF`; the halves unpacked, the low one
  // moved by a stage offset, packed again. nvcc's `and 16320` of a
  // 128-byte aligned tile clears start bits that are already clear; the
  // fields and a K step folded into one `add` (ThunderKittens).
  load("\tmov.u32 %r1, tile;\n"
       "\tadd.s32 %r2, %r1, 1024;\n"
       "\tshr.u32 %r3, %r2, 4;\n"
       "\tand.b32 %r4, %r3, 16383;\n"
       "\tcvt.u64.u32 %rd1, %r4;\n"
       "\tor.b64 %rd2, %rd1, 4611686293305360384;\n"
       "\tmov.b64 {%r5, %r6}, %rd2;\n"
       "\tadd.s32 %r7, %r5, 64;\n"
       "\tmov.b64 %rd3, {%r7, %r6};\n"
       "\tand.b32 %r8, %r3, 16376;\n"
       "\tand.b64 %rd4, %rd1, 16383;\n"
       "\tadd.s64 %rd5, %rd4, 4611756662049538050;\n"
       "\tld.shared.u32 %r9, [%rd2];\n");
  expectAddress("%r4", "tile", 1024, 1024);
  EXPECT_TRUE(at("%r4").fieldsKnown);
  EXPECT_EQ(at("%r4").fields, 0u);
  // The low half keeps the start; the high half is the constant's.
  expectAddress("%r5", "tile", 1024, 1024);
  EXPECT_TRUE(at("%r5").descriptor);
  AbstractValue high = at("%r6");
  EXPECT_EQ(high.kind, AbstractValue::Int);
  EXPECT_EQ(high.lo, int64_t(4611686293305360384u >> 32));
  expectAddress("%rd3", "tile", 2048, 2048);
  EXPECT_TRUE(at("%rd3").fieldsKnown);
  EXPECT_EQ(at("%rd3").fields, 4611686293305360384u);
  // `and 16376` clears start bits 0-2 (16 << 3 = 128 bytes): tile is
  // 128-byte aligned, so the start is rounded down to 1024 (unchanged).
  expectAddress("%r8", "tile", 1024, 1024);
  EXPECT_TRUE(at("%r8").descriptor);
  expectAddress("%rd5", "tile", 1056, 1056);
  EXPECT_EQ(at("%rd5").fields, 4611756662049538048u);
}

TEST_F(PTXProvenance, DescriptorsAreNoAddressesAndJoinOnlyWithDescriptors) {
  // A descriptor joined with a plain address of the same symbol, and a
  // descriptor used as a memory operand: the offset is not known there.
  load("\tmov.u32 %r1, tile;\n"
       "\tshr.u32 %r2, %r1, 4;\n"
       "\tand.b32 %r3, %r2, 16383;\n"
       "\tselp.b32 %r4, %r3, %r1, %p1;\n"
       "\tadd.s32 %r5, %r1, 256;\n"
       "\tshr.u32 %r6, %r5, 4;\n"
       "\tand.b32 %r7, %r6, 16383;\n"
       "\tselp.b32 %r8, %r3, %r7, %p1;\n");
  AbstractValue mixed = at("%r4");
  EXPECT_EQ(mixed.kind, AbstractValue::Address);
  EXPECT_FALSE(mixed.offsetKnown);
  EXPECT_FALSE(mixed.descriptor);
  // Two descriptors of one symbol join into a range of starts.
  expectAddress("%r8", "tile", 0, 256);
  EXPECT_TRUE(at("%r8").descriptor);
  // As an address, a descriptor's value is not a shared address.
  EXPECT_EQ(provenance->evaluateExact("%r3").descriptor, true);
}

TEST_F(PTXProvenance, JoinsAndDynamicSharedMemory) {
  load("\tmov.u32 %r1, tile;\n"
       "\tmov.u32 %r2, other;\n"
       "\tsetp.eq.s32 %p1, %r9, 0;\n"
       "\tselp.b32 %r3, %r1, %r2, %p1;\n"
       "\tadd.s32 %r4, %r1, 64;\n"
       "\tselp.b32 %r5, %r1, %r4, %p1;\n"
       "\tmov.u32 %r6, dynB;\n"
       "\tmov.u32 %r7, dynA;\n");
  // Two symbols: an address, of no one symbol.
  AbstractValue either = at("%r3");
  EXPECT_EQ(either.kind, AbstractValue::Address);
  EXPECT_EQ(either.symbol, -1);
  expectAddress("%r5", "tile", 0, 64);
  // Every extern array starts at the dynamic shared-memory base.
  EXPECT_EQ(at("%r6").symbol, at("%r7").symbol);
  EXPECT_EQ(at("%r6").symbol, symbol("dynA"));
}

TEST_F(PTXProvenance, RedefinedRegistersAreWidened) {
  // %r2 walks through the tile in a loop: its offset is widened away, the
  // symbol stays.
  load("\tmov.u32 %r1, tile;\n"
       "\tmov.u32 %r2, %r1;\n"
       "$L_loop:\n"
       "\tst.shared.u32 [%r2], %r9;\n"
       "\tadd.s32 %r2, %r2, 4;\n"
       "\tsetp.lt.u32 %p1, %r2, %r10;\n"
       "\t@%p1 bra $L_loop;\n");
  AbstractValue v = at("%r2");
  EXPECT_EQ(v.kind, AbstractValue::Address);
  EXPECT_EQ(v.symbol, symbol("tile"));
  EXPECT_FALSE(v.offsetKnown);
}

TEST_F(PTXProvenance, LostProvenanceMayAliasAnySharedMemory) {
  load("\tld.shared.u32 %r1, [other];\n"
       "\tadd.s32 %r2, %r1, 16;\n"
       "\tld.param.u64 %rd1, [k_param_0];\n"
       "\tmov.b64 %rd2, {%r1, %r2};\n"
       "\tmov.u32 %r3, %clock;\n");
  for (llvm::StringRef reg : {"%r1", "%r2", "%rd1", "%rd2", "%r3", "%r60"})
    EXPECT_EQ(at(reg).kind, AbstractValue::Top) << reg.str();

  // Such an address is any shared memory: it aliases every symbol.
  SharedRegion any;
  SharedRegion tile{symbol("tile"), 0, 16};
  SharedRegion other{symbol("other"), 0, 16};
  SharedRegion tileHigh{symbol("tile"), 16, 32};
  EXPECT_TRUE(any.mayAlias(tile));
  EXPECT_TRUE(other.mayAlias(any));
  EXPECT_FALSE(tile.mayAlias(other));
  EXPECT_FALSE(tile.mayAlias(tileHigh));
  EXPECT_TRUE(tileHigh.mayAlias(SharedRegion{symbol("tile"), 31, 40}));
  EXPECT_EQ(any.str(module), "any shared memory");
  EXPECT_EQ(tile.str(module), "shared symbol 'tile' bytes [0, 16)");
}

TEST_F(PTXProvenance, TheCheckerReportsWhatProvenanceCannotTrace) {
  // A store through an address loaded from memory, then a TMA store of
  // `tile`: the store may be to `tile`, so it may be a RAW; the checker
  // cannot prove it either way and says so (an unproven ordering naming
  // the untraced store). A store to `other` is not.
  load("\tld.shared.u32 %r1, [other+4];\n"
       "\tst.shared.u32 [%r1], %r9;\n"
       "\tmov.u32 %r2, other;\n"
       "\tst.shared.u32 [%r2+8], %r9;\n"
       "\tmov.u32 %r3, tile;\n"
       "\tbar.sync 0;\n"
       "\tcp.async.bulk.tensor.1d.global.shared::cta.bulk_group "
       "[%rd1, {%r9}], [%r3];\n"
       "\tcp.async.bulk.commit_group;\n"
       "\tcp.async.bulk.wait_group.read 0;\n");
  std::vector<Finding> findings = checkPTX(module);
  ASSERT_EQ(findings.size(), 1u);
  const Finding &finding = findings[0];
  EXPECT_EQ(finding.kind, FindingKind::UnprovenOrdering);
  EXPECT_EQ(finding.hazard, "RAW");
  EXPECT_EQ(finding.primary.name, "st.shared.u32");
  EXPECT_EQ(finding.primary.ir.line, 14u);
  EXPECT_EQ(finding.secondary.name,
            "cp.async.bulk.tensor.1d.global.shared::cta.bulk_group");
  EXPECT_NE(finding.message.find("its address is not traced to a shared "
                                 "variable"),
            std::string::npos);
  EXPECT_EQ(finding.region,
            "an address whose provenance cannot be traced (it may be any "
            "shared memory): any shared memory and shared symbol 'tile' "
            "bytes [0, 4096)");
}


TEST_F(PTXProvenance, ThreadExactRangesOfSwizzledOffsets) {
  // tid + (tid & 16 ? 112 : 144): a range per operand gives [112, 271];
  // over threads 0..127 (.maxntid) the offset is in [128, 255].
  std::string body = "\tmov.u32 %r1, %tid.x;\n"
                     "\tmov.u32 %r2, tile;\n"
                     "\tand.b32 %r5, %r1, 16;\n"
                     "\tsetp.eq.s32 %p1, %r5, 0;\n"
                     "\tselp.b32 %r6, 144, 112, %p1;\n"
                     "\tadd.s32 %r7, %r2, %r1;\n"
                     "\tadd.s32 %r8, %r7, %r6;\n"
                     "\tadd.s32 %r9, %r1, %r6;\n"
                     "\tld.shared.u32 %r10, [%r2];\n"
                     "\tadd.s32 %r11, %r2, %r10;\n"
                     "\tmov.u32 %r12, 0;\n"
                     "\tmov.u32 %r12, %r1;\n"
                     "\tadd.s32 %r13, %r2, %r12;\n"
                     "\tshl.b32 %r14, %r1, 26;\n";
  loadWithThreads(body, 128);
  const Function &f = module.functions[0];
  EXPECT_EQ(f.maxThreads[0], 128u);
  EXPECT_EQ(f.maxThreads[1], 1u);
  int64_t lo = INT64_MAX, hi = INT64_MIN;
  for (int64_t tid = 0; tid != 128; ++tid) {
    int64_t offset = tid + ((tid & 16) ? 112 : 144);
    lo = std::min(lo, offset);
    hi = std::max(hi, offset);
  }
  ASSERT_EQ(lo, 128);
  ASSERT_EQ(hi, 255);
  AbstractValue ranged = provenance->evaluate("%r8");
  EXPECT_EQ(ranged.hi, 1023 + 144);
  expectAddressValue(provenance->evaluateExact("%r8"), "%r8", "tile", lo, hi);
  // An integer too.
  AbstractValue integer = provenance->evaluateExact("%r9");
  EXPECT_EQ(integer.kind, AbstractValue::Int);
  EXPECT_EQ(integer.lo, lo);
  EXPECT_EQ(integer.hi, hi);
  // Not functions of the thread: a loaded offset, a register defined twice.
  EXPECT_EQ(provenance->evaluateExact("%r11"), provenance->evaluate("%r11"));
  EXPECT_EQ(provenance->evaluateExact("%r13"), provenance->evaluate("%r13"));
  // A 32-bit value that would wrap (127 << 26 > 2^32) is not followed.
  EXPECT_EQ(provenance->evaluateExact("%r14"), provenance->evaluate("%r14"));
}

TEST_F(PTXProvenance, ThreadExactSignedRemainder) {
  // nvcc's tid % 128 for a signed tid: t - ((t + (t >>s 31 >>u 25)) & -128).
  // The ranges lose it at the `and` with a negative mask; each thread's
  // value is exact, so over 256 threads it is [0, 127], and an offset built
  // from it is traced.
  std::string body = "\tmov.u32 %r1, %tid.x;\n"
                     "\tshr.s32 %r2, %r1, 31;\n"
                     "\tshr.u32 %r3, %r2, 25;\n"
                     "\tadd.s32 %r4, %r1, %r3;\n"
                     "\tand.b32 %r5, %r4, -128;\n"
                     "\tsub.s32 %r6, %r1, %r5;\n"
                     "\tshl.b32 %r7, %r6, 4;\n"
                     "\tmov.u32 %r8, tile;\n"
                     "\tadd.s32 %r9, %r8, %r7;\n"
                     // or with a negative value: not followed.
                     "\tor.b32 %r10, %r1, -128;\n";
  loadWithThreads(body, 256);
  EXPECT_EQ(provenance->evaluate("%r6").kind, AbstractValue::Top);
  AbstractValue remainder = provenance->evaluateExact("%r6");
  EXPECT_EQ(remainder.kind, AbstractValue::Int);
  EXPECT_EQ(remainder.lo, 0);
  EXPECT_EQ(remainder.hi, 127);
  EXPECT_EQ(remainder.mask, 127u);
  expectAddressValue(provenance->evaluateExact("%r9"), "%r9", "tile", 0,
                     127 * 16);
  EXPECT_EQ(provenance->evaluateExact("%r10").kind,
            provenance->evaluate("%r10").kind);
}

TEST_F(PTXProvenance, ThreadExactRangesWithoutABoundCoverTheISALimit) {
  // No .maxntid: up to 1024 threads.
  load("\tmov.u32 %r1, %tid.x;\n"
       "\tmov.u32 %r2, tile;\n"
       "\tshl.b32 %r3, %r1, 2;\n"
       "\tadd.s32 %r4, %r2, %r3;\n");
  EXPECT_EQ(module.functions[0].maxThreads[0], 0u);
  AbstractValue exact = provenance->evaluateExact("%r4");
  EXPECT_TRUE(exact.offsetKnown);
  EXPECT_EQ(exact.lo, 0);
  EXPECT_EQ(exact.hi, 1023 * 4);
}

/// ThunderKittens' align-up of the dynamic buffer, twice: `%rd10` is the
/// 1024-aligned base (`guard` tests its low bits), `%rd11` = base + 4096,
/// aligned again (a no-op).
std::string alignUpBody(llvm::StringRef guard = "setp.eq.s64 %p1, %rd3, 0") {
  return "\tmov.u32 %r1, dynA;\n"
         "\tcvt.u64.u32 %rd2, %r1;\n"
         "\tcvta.shared.u64 %rd10, %rd2;\n"
         "\tand.b64 %rd3, %rd10, 1023;\n\t" +
         guard.str() +
         ";\n"
         "\t@%p1 bra $L__BB0_2;\n"
         "\tcvta.shared.u64 %rd4, %rd2;\n"
         "\tand.b64 %rd5, %rd4, -1024;\n"
         "\tadd.s64 %rd10, %rd5, 1024;\n"
         "$L__BB0_2:\n"
         "\tadd.s64 %rd11, %rd10, 4096;\n"
         "\tand.b64 %rd6, %rd11, 1023;\n"
         "\tsetp.eq.s64 %p2, %rd6, 0;\n"
         "\t@%p2 bra $L__BB0_4;\n"
         "\tand.b64 %rd7, %rd11, -1024;\n"
         "\tadd.s64 %rd11, %rd7, 1024;\n"
         "$L__BB0_4:\n"
         "\tcvta.to.shared.u64 %rd12, %rd11;\n"
         "\tcvt.u32.u64 %r2, %rd12;\n"
         "\tmov.u32 %r3, %tid.x;\n"
         "\tshl.b32 %r4, %r3, 6;\n"
         "\tand.b32 %r5, %r4, 960;\n"
         "\tadd.s32 %r6, %r5, %r2;\n"
         "\tshr.u32 %r7, %r6, 3;\n"
         "\tand.b32 %r8, %r7, 48;\n"
         "\txor.b32 %r9, %r8, %r6;\n";
}

TEST_F(PTXProvenance, AlignUpIdiomGivesOneAnchoredBase) {
  load(alignUpBody());
  AbstractValue base = at("%rd10");
  ASSERT_EQ(base.kind, AbstractValue::Address);
  EXPECT_EQ(base.symbol, symbol("dynA"));
  ASSERT_TRUE(base.offsetKnown);
  ASSERT_GE(base.anchor, 0);
  EXPECT_EQ(base.lo, 0);
  EXPECT_EQ(base.hi, 0);
  // The anchor lies in the first 1024 bytes of the symbol.
  const Anchor &anchor = provenance->getAnchors()[base.anchor];
  EXPECT_EQ(anchor.align, 1024u);
  EXPECT_EQ(anchor.lo, 0);
  EXPECT_EQ(anchor.hi, 1023);
  // Aligning base + 4096 again changes nothing: the same anchor, +4096.
  AbstractValue second = at("%rd11");
  EXPECT_EQ(second.anchor, base.anchor);
  EXPECT_EQ(second.lo, 4096);
  EXPECT_EQ(second.hi, 4096);
  EXPECT_EQ(provenance->getAnchors().size(), 1u);
  // A swizzle of the bits below 1024 stays exact per thread: each row of
  // 64 bytes (tid & 15) with bits 4-5 flipped by bits 7-8.
  AbstractValue swizzled = provenance->evaluateExact("%r9");
  ASSERT_TRUE(swizzled.offsetKnown);
  EXPECT_EQ(swizzled.anchor, base.anchor);
  EXPECT_EQ(swizzled.lo, 4096);
  EXPECT_EQ(swizzled.hi, 4096 + 960 + 48);
}

TEST_F(PTXProvenance, BranchFreeAlignUpGivesAnAnchoredBase) {
  // ThunderKittens' allocator if-converted: selp between X and
  // X + (A - (X & (A-1))) on (X & (A-1)) == 0, twice; the second aligns an
  // address already at a multiple of A from the anchor.
  load("\tmov.u32 %r1, dynA;\n"
       "\tcvt.u64.u32 %rd1, %r1;\n"
       "\tcvta.shared.u64 %rd2, %rd1;\n"
       "\tand.b64 %rd3, %rd2, 1023;\n"
       "\tmov.u64 %rd4, 1024;\n"
       "\tsub.s64 %rd5, %rd4, %rd3;\n"
       "\tadd.s64 %rd6, %rd2, %rd5;\n"
       "\tsetp.eq.s64 %p1, %rd3, 0;\n"
       "\tselp.b64 %rd7, %rd2, %rd6, %p1;\n"
       "\tadd.s64 %rd8, %rd7, 8192;\n"
       "\tand.b64 %rd9, %rd8, 1023;\n"
       "\tsub.s64 %rd10, %rd4, %rd9;\n"
       "\tadd.s64 %rd11, %rd10, %rd8;\n"
       "\tsetp.ne.s64 %p2, %rd9, 0;\n"
       "\tselp.b64 %rd12, %rd11, %rd8, %p2;\n"
       // Control: the operands swapped (the adjusted value when aligned).
       "\tselp.b64 %rd13, %rd6, %rd2, %p1;\n");
  AbstractValue base = at("%rd7");
  ASSERT_EQ(base.kind, AbstractValue::Address);
  EXPECT_EQ(base.symbol, symbol("dynA"));
  EXPECT_TRUE(base.offsetKnown);
  ASSERT_GE(base.anchor, 0);
  EXPECT_EQ(base.lo, 0);
  EXPECT_EQ(provenance->getAnchors()[base.anchor].align, 1024u);
  AbstractValue second = at("%rd12");
  EXPECT_EQ(second.anchor, base.anchor);
  EXPECT_TRUE(second.offsetKnown);
  EXPECT_EQ(second.lo, 8192);
  EXPECT_EQ(second.hi, 8192);
  AbstractValue swapped = at("%rd13");
  EXPECT_FALSE(swapped.offsetKnown && swapped.anchor >= 0);
}

TEST_F(PTXProvenance, AlignUpNeedsTheGuardOnTheSameValue) {
  // The branch skips the second definition when p is *not* aligned: p may
  // stay unaligned, so no anchor; the join of the two definitions.
  load(alignUpBody("setp.ne.s64 %p1, %rd3, 0"));
  AbstractValue base = at("%rd10");
  EXPECT_EQ(base.kind, AbstractValue::Address);
  EXPECT_EQ(base.anchor, -1);
  EXPECT_FALSE(base.offsetKnown);
  EXPECT_TRUE(provenance->getAnchors().empty());
  // The guard testing another value.
  load(alignUpBody("setp.eq.s64 %p1, %rd2, 0"));
  EXPECT_EQ(at("%rd10").anchor, -1);
}

TEST_F(PTXProvenance, AnchoredRegionsCompareExactlyOnlyFromOneBase) {
  SharedRegion a, b;
  a.symbol = b.symbol = 0;
  a.anchor = b.anchor = 0;
  a.anchorHi = b.anchorHi = 1023;
  a.begin = 0;
  a.end = 1024;
  b.begin = 1024;
  b.end = 2048;
  EXPECT_FALSE(a.mayAlias(b));
  // From the symbol's start, b's bytes [1024, 2048) may be a's: a's anchor
  // may lie up to 1023 bytes in.
  SharedRegion c = b;
  c.anchor = -1;
  c.anchorHi = 0;
  EXPECT_TRUE(a.mayAlias(c));
  EXPECT_TRUE(c.mayAlias(a));
  c.begin = 2047;
  c.end = 2100;
  EXPECT_FALSE(a.mayAlias(c));
  EXPECT_EQ(a.widened().begin, 0);
  EXPECT_EQ(a.widened().end, 2047);
}

/// The index of the first instruction whose opcode starts with `opcode`.
unsigned indexOf(const Function &function, llvm::StringRef opcode) {
  for (auto [i, inst] : llvm::enumerate(function.instructions))
    if (llvm::StringRef(inst.opcode).starts_with(opcode))
      return i;
  ADD_FAILURE() << "no " << opcode.str();
  return 0;
}

TEST_F(PTXProvenance, ReachingDefinitionsAcrossBlocks) {
  // A stage counter: `mov 0` before the loop, `add 1` and `and 1` at its
  // end. At the loop head its reaching definitions are the `mov` and the
  // `and`, so it is in [0, 1] and the slot offset in [0, 1024]; the join
  // of all three definitions (the `add` too) would grow without bound.
  load("\tmov.u32 %r4, tile;\n"
       "\tmov.b32 %r7, 0;\n"
       "$L__loop:\n"
       "\tmul.lo.s32 %r8, %r7, 1024;\n"
       "\tadd.s32 %r9, %r4, %r8;\n"
       "\tst.shared.u32 [%r9], 0;\n"
       "\tbar.sync 0;\n"
       "\tadd.s32 %r7, %r7, 1;\n"
       "\tand.b32 %r7, %r7, 1;\n"
       "\t@%p1 bra $L__loop;\n");
  unsigned mul = indexOf(module.functions[0], "mul.lo");
  AbstractValue counter = provenance->evaluateAt("%r7", mul);
  EXPECT_EQ(counter.kind, AbstractValue::Int);
  EXPECT_EQ(counter.lo, 0);
  EXPECT_EQ(counter.hi, 1);
  unsigned store = indexOf(module.functions[0], "st.shared");
  expectAddressValue(provenance->evaluateAt("%r9", store), "%r9", "tile", 0,
                     1024);
}

TEST_F(PTXProvenance, ReachingDefinitionsOfARegisterReused) {
  // nvcc reuses %r10 for `tile` in one loop and `other` after it: the store
  // after the second definition reads only that one, though its block
  // does not define %r10 (the join of both would be any shared symbol).
  load("\tmov.u32 %r10, tile;\n"
       "$L__first:\n"
       "\tst.shared.u32 [%r10], 0;\n"
       "\t@%p1 bra $L__first;\n"
       "\tmov.u32 %r10, other;\n"
       "$L__second:\n"
       "\tst.shared.u32 [%r10+8], 0;\n"
       "\t@%p2 bra $L__second;\n");
  const Function &f = module.functions[0];
  unsigned first = indexOf(f, "st.shared");
  unsigned second = first + 3;
  ASSERT_EQ(f.instructions[second].opcode, "st.shared.u32");
  EXPECT_EQ(provenance->evaluateAt("%r10", first).symbol, symbol("tile"));
  EXPECT_EQ(provenance->evaluateAt("%r10", second).symbol, symbol("other"));
  // Flow-insensitively the register is either.
  EXPECT_EQ(provenance->evaluate("%r10").symbol, -1);
}

TEST_F(PTXProvenance, BareInlineAsmRegisters) {
  // Inline asm declares `remAddr32` without a `%`: the reader names it
  // `%remAddr32$1`, and its value is the mapa'd barrier address, of the
  // executing CTA (mapa to its own %cluster_ctarank).
  load("\tmov.u32 %r1, tile;\n"
       "\tadd.s32 %r2, %r1, 1024;\n"
       "\tmov.u32 %r3, %cluster_ctarank;\n"
       "\t{\n\t.reg .b32 remAddr32;\n"
       "\tmapa.shared::cluster.u32  remAddr32, %r2, %r3;\n"
       "\tmbarrier.arrive.shared::cluster.b64  _, [remAddr32];\n"
       "\t}\n");
  const Function &f = module.functions[0];
  unsigned arrive = indexOf(f, "mbarrier.arrive");
  EXPECT_EQ(f.instructions[arrive].operands[1], "[%remAddr32$1]");
  AbstractValue v = provenance->evaluateExactAt("%remAddr32$1", arrive);
  expectAddressValue(v, "%remAddr32$1", "tile", 1024, 1024);
  EXPECT_FALSE(v.remote);
}

} // namespace

// A counter wrapped by `selp c, 0, c + 1, c + 1 == S`, its add, setp and
// selp in three blocks (CUTLASS's CLC pipeline): one shape, its advance at
// the selp, and the ranges take [0, S - 1] at the wrap, so the slot address
// built from it is bounded.
TEST_F(PTXProvenance, CounterWrappedAcrossBlocks) {
  const char *body = "\tmov.b32 %r1, 0;\n"
                     "\tmov.u32 %r2, %r1;\n"
                     "$L__loop:\n"
                     "\tshl.b32 %r3, %r2, 4;\n"
                     "\tmov.u32 %r4, tile;\n"
                     "\tadd.s32 %r5, %r4, %r3;\n"
                     "\tld.shared.u32 %r6, [%r5];\n"
                     "\tadd.s32 %r7, %r2, 1;\n"
                     "\tsetp.eq.s32 %p1, %r6, 0;\n"
                     "\t@%p1 bra $L__skip;\n"
                     "\tst.shared.u32 [%r5], %r6;\n"
                     "$L__skip:\n"
                     "\tsetp.eq.s32 %p2, %r7, 3;\n"
                     "\t@%p1 bra $L__wrap;\n"
                     "\tst.shared.u32 [%r5+4], %r6;\n"
                     "$L__wrap:\n"
                     "\tselp.b32 %r2, 0, %r7, %p2;\n"
                     "\tsetp.ne.s32 %p3, %r6, 7;\n"
                     "\t@%p3 bra $L__loop;\n";
  load(body);
  const std::vector<CounterShape> &shapes = provenance->getCounterShapes();
  ASSERT_EQ(shapes.size(), 1u);
  EXPECT_EQ(shapes[0].reg, "%r2");
  EXPECT_EQ(shapes[0].slots, 3u);
  ASSERT_EQ(shapes[0].advances.size(), 1u);
  EXPECT_EQ(shapes[0].advances, shapes[0].selpWraps);
  AbstractValue counter = at("%r2");
  EXPECT_EQ(counter.kind, AbstractValue::Int);
  EXPECT_EQ(counter.lo, 0);
  EXPECT_EQ(counter.hi, 2);
  expectAddress("%r5", "tile", 0, 32);

  // A path from the add to the wrap that skips the setp: the wrap may read
  // the comparison of an earlier add. Not a counter, and not bounded.
  std::string skipped(body);
  skipped.replace(skipped.find("\t@%p1 bra $L__skip;"),
                  std::string("\t@%p1 bra $L__skip;").size(),
                  "\t@%p1 bra $L__wrap;");
  load(skipped);
  EXPECT_TRUE(provenance->getCounterShapes().empty());
  EXPECT_NE(at("%r2").kind, AbstractValue::Int);

  // A restart to a value the ring does not hold: a shape, but the ranges
  // do not take its bound.
  std::string restart(body);
  restart.replace(restart.find("mov.b32 %r1, 0;"),
                  std::string("mov.b32 %r1, 0;").size(), "mov.b32 %r1, 3;");
  load(restart);
  EXPECT_EQ(provenance->getCounterShapes().size(), 1u);
  AbstractValue restarted = at("%r2");
  EXPECT_FALSE(restarted.kind == AbstractValue::Int && restarted.hi <= 2);
}

// `shfl.sync` gives some lane's value of its source, so the source's range
// over all threads: CUTLASS broadcasts a warp's stage bit (`x & 1`) from
// lane 0 and builds a buffer offset from it.
TEST_F(PTXProvenance, WarpShuffleKeepsItsSourceRange) {
  load("\tld.param.u32 %r1, [k_param_0];\n"
       "\tand.b32 %r2, %r1, 1;\n"
       "\tshfl.sync.idx.b32 %r3|%p1, %r2, 0, 31, -1;\n"
       "\tshl.b32 %r4, %r3, 11;\n"
       "\tmov.u32 %r5, tile;\n"
       "\tadd.s32 %r6, %r5, %r4;\n"
       "\tshfl.sync.bfly.b32 %r7, %r1, 1, 31, -1;\n");
  AbstractValue bit = at("%r3");
  EXPECT_EQ(bit.kind, AbstractValue::Int);
  EXPECT_EQ(bit.lo, 0);
  EXPECT_EQ(bit.hi, 1);
  expectAddress("%r6", "tile", 0, 2048);
  // Of an unbounded source, nothing.
  EXPECT_NE(at("%r7").kind, AbstractValue::Int);
}

// A register that is neither a function of %tid.x alone nor bounded by the
// ranges (they lose nvcc's signed `tid % 128` at its `and x, -128`): its
// one definition is evaluated from its operands' exact values, the thread
// offset's range over the threads plus a warp's stage bit.
TEST_F(PTXProvenance, ExactValueComposedOfAThreadOffsetAndAStageBit) {
  loadWithThreads("\tmov.u32 %r1, %tid.x;\n"
                  "\tshr.s32 %r2, %r1, 31;\n"
                  "\tshr.u32 %r3, %r2, 25;\n"
                  "\tadd.s32 %r4, %r1, %r3;\n"
                  "\tand.b32 %r5, %r4, -128;\n"
                  "\tsub.s32 %r6, %r1, %r5;\n"
                  "\tshl.b32 %r7, %r6, 3;\n"
                  "\tld.param.u32 %r8, [k_param_0];\n"
                  "\tand.b32 %r9, %r8, 1;\n"
                  "\tshfl.sync.idx.b32 %r10|%p1, %r9, 0, 31, -1;\n"
                  "\tshl.b32 %r11, %r10, 11;\n"
                  "\tadd.s32 %r12, %r7, %r11;\n"
                  "\tmov.u32 %r13, tile;\n"
                  "\tadd.s32 %r14, %r13, %r12;\n"
                  "\tadd.s32 %r15, %r14, %r8;\n",
                  256);
  EXPECT_EQ(at("%r14").kind, AbstractValue::Address);
  EXPECT_FALSE(at("%r14").offsetKnown); // the ranges alone
  AbstractValue exact = provenance->evaluateExact("%r14");
  ASSERT_EQ(exact.kind, AbstractValue::Address);
  ASSERT_TRUE(exact.offsetKnown);
  EXPECT_EQ(exact.lo, 0);
  EXPECT_EQ(exact.hi, 127 * 8 + 2048);
  // Plus an unbounded parameter: still unknown.
  AbstractValue unknown = provenance->evaluateExact("%r15");
  EXPECT_FALSE(unknown.kind == AbstractValue::Address && unknown.offsetKnown);
}

// A counter advanced into a copy (`x = selp 0, c + 1, c + 1 == S`, later
// `mov c, x`: CUTLASS's FMHA pipeline state): the mov is its advance, and
// the ranges take [0, S - 1] for x and so for c. With a path from the add
// to the mov that skips the selp, x may be an older wrap: no shape.
TEST_F(PTXProvenance, CounterAdvancedThroughACopy) {
  const char *body = "\tmov.b32 %r2, 0;\n"
                     "$L__loop:\n"
                     "\tshl.b32 %r3, %r2, 4;\n"
                     "\tmov.u32 %r4, tile;\n"
                     "\tadd.s32 %r5, %r4, %r3;\n"
                     "\tld.shared.u32 %r6, [%r5];\n"
                     "\tadd.s32 %r7, %r2, 1;\n"
                     "\tsetp.eq.s32 %p2, %r7, 4;\n"
                     "\tsetp.eq.s32 %p1, %r6, 0;\n"
                     "\t@%p1 bra $L__copy;\n"
                     "\tselp.b32 %r8, 0, %r7, %p2;\n"
                     "\tst.shared.u32 [%r5+4], %r6;\n"
                     "$L__copy:\n"
                     "\tmov.u32 %r2, %r8;\n"
                     "\tsetp.ne.s32 %p3, %r6, 7;\n"
                     "\t@%p3 bra $L__loop;\n";
  // As written the branch skips the selp: not a counter.
  load(body);
  EXPECT_TRUE(provenance->getCounterShapes().empty());
  // The selp before the branch: a counter of 4 slots advanced at the mov.
  std::string ordered(body);
  std::string selp = "\tselp.b32 %r8, 0, %r7, %p2;\n";
  ordered.erase(ordered.find(selp), selp.size());
  ordered.insert(ordered.find("\tsetp.eq.s32 %p1"), selp);
  load(ordered);
  const std::vector<CounterShape> &shapes = provenance->getCounterShapes();
  ASSERT_EQ(shapes.size(), 1u);
  EXPECT_EQ(shapes[0].reg, "%r2");
  EXPECT_EQ(shapes[0].slots, 4u);
  ASSERT_EQ(shapes[0].advances.size(), 1u);
  EXPECT_EQ(module.functions[0].instructions[shapes[0].advances[0]].opcode,
            "mov.u32");
  AbstractValue counter = at("%r2");
  EXPECT_EQ(counter.kind, AbstractValue::Int);
  EXPECT_EQ(counter.hi, 3);
  expectAddress("%r5", "tile", 0, 48);
}

// CUTLASS's warpgroup index: tid / 128 broadcast from lane 0 by a
// `shfl.sync.idx d|p` (the predicate output does not change d): per thread,
// d is known; the predicate output is not d's value. An unsigned compare
// of a negative value (the index minus one in warpgroup 0) is not
// evaluated: a descriptor start that then varies per warpgroup is not
// decoded (tk/h100_level_08's consumer buffers), which loses more than the
// compare gains.
TEST_F(PTXProvenance, ThreadValuesThroughShflWithPredicate) {
  loadWithThreads("\tmov.u32 %r1, %tid.x;\n"
                  "\tshr.u32 %r2, %r1, 7;\n"
                  "\tshfl.sync.idx.b32 %r3|%p1, %r2, 0, 31, -1;\n"
                  "\tadd.s32 %r4, %r3, -1;\n"
                  "\tsetp.gt.u32 %p2, %r4, 3;\n"
                  "\tsetp.gt.s32 %p3, %r4, 3;\n",
                  512);
  int symbol = -1, anchor = -1;
  std::vector<int64_t> values;
  ASSERT_TRUE(provenance->threadOffsets("%r3", 512, symbol, anchor, values));
  ASSERT_EQ(values.size(), 512u);
  EXPECT_EQ(values[0], 0);
  EXPECT_EQ(values[127], 0);
  EXPECT_EQ(values[128], 1);
  EXPECT_EQ(values[511], 3);
  ASSERT_TRUE(provenance->threadOffsets("%p3", 512, symbol, anchor, values));
  EXPECT_EQ(values[0], 0); // -1 > 3, signed
  EXPECT_EQ(values[511], 0);
  EXPECT_FALSE(provenance->threadOffsets("%p2", 512, symbol, anchor, values));
  // The predicate output of the shuffle is not followed as d's value.
  EXPECT_FALSE(provenance->threadOffsets("%p1", 512, symbol, anchor, values));
}

TEST_F(PTXProvenance, ThreadValuesOfAWarpRoleTable) {
  // CUTLASS's sm100 FMHA role table: (table >> (warp * 4)) & 7, the warp
  // broadcast by shfl.sync, a 64-bit immediate beyond the ranges' bound,
  // a shift by up to 60 and a narrowing cvt (the low 32 bits). %r1 is
  // defined twice; %r2 reads the first, the definition before it.
  load("\tmov.u32 %r1, %tid.x;\n"
       "\tshr.u32 %r2, %r1, 5;\n"
       "\tshfl.sync.idx.b32 %r3|%p1, %r2, 0, 31, -1;\n"
       "\tshl.b32 %r4, %r3, 2;\n"
       "\tmov.b64 %rd1, 5122844576138308;\n"
       "\tshr.u64 %rd2, %rd1, %r4;\n"
       "\tcvt.u32.u64 %r5, %rd2;\n"
       "\tand.b32 %r6, %r5, 7;\n"
       "\tcvt.s16.u64 %rs1, %rd1;\n"
       "\tmov.u32 %r1, 5;\n");
  int symbol = -1, anchor = -1;
  std::vector<int64_t> values;
  ASSERT_TRUE(provenance->threadOffsets("%r6", 1024, symbol, anchor, values));
  // 5122844576138308 is 0x0012333333334444: nibble w from the right is
  // warp w's role (0 past the 14th); warps 16-31 shift by 64 or more,
  // clamped to 64: 0.
  const int64_t roles[16] = {4, 4, 4, 4, 3, 3, 3, 3, 3, 3, 3, 3, 2, 1, 0, 0};
  for (unsigned warp = 0; warp != 16; ++warp)
    EXPECT_EQ(values[warp * 32 + 5], roles[warp]) << warp;
  EXPECT_EQ(values[1023], 0);
  // The narrowing cvt keeps the low 32 bits, and the low 16 sign-extended.
  ASSERT_TRUE(provenance->threadOffsets("%r5", 1024, symbol, anchor, values));
  EXPECT_EQ(values[0], int64_t(5122844576138308 & 0xffffffff));
  ASSERT_TRUE(provenance->threadOffsets("%rs1", 1024, symbol, anchor, values));
  EXPECT_EQ(values[0], int64_t(int16_t(5122844576138308 & 0xffff)));
}
