// RUN: proxyfence-opt %s --split-input-file --verify-diagnostics

//===----------------------------------------------------------------------===//
// Layout attributes: required, unknown and duplicate keys.
//===----------------------------------------------------------------------===//

// expected-error @+1 {{#ttg.blocked: missing key 'order'}}
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4]}>

// -----

// expected-error @+1 {{#ttg.blocked: unknown key 'vec'}}
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], vec = 1}>

// -----

// expected-error @+1 {{#ttg.blocked: key 'order' given twice}}
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], order = [0]}>

// -----

// expected-error @+1 {{#ttg.nvidia_mma: unknown key 'kWidth'}}
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], kWidth = 2}>

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// expected-error @+1 {{#ttg.dot_op: missing key 'parent'}}
tt.func @dot_op_parent(%a: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, kWidth = 2}>>) {
  tt.return
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// expected-error @+1 {{#ttg.slice: unknown key 'opIdx'}}
tt.func @slice_key(%a: tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma, opIdx = 0}>>) {
  tt.return
}

// -----

// expected-error @+1 {{#ttg.linear: missing key 'block'}}
#linear = #ttg.linear<{register = [[0, 1]], lane = [[1, 0]], warp = [[2, 0]]}>

// -----

// expected-error @+1 {{#ttg.nvmma_shared: missing key 'elementBitWidth'}}
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false}>

// -----

// expected-error @+1 {{#ttg.swizzled_shared: unknown key 'transposed'}}
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], transposed = false}>

// -----

// expected-error @+1 {{#ttg.swizzled_shared: key 'vec' given twice}}
#shared = #ttg.swizzled_shared<{vec = 1, vec = 2, perPhase = 1, maxPhase = 1, order = [0]}>

//===----------------------------------------------------------------------===//
// !ttg.memdesc
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{memdesc must have rank >= 1}}
tt.func @memdesc_rank0(%m: !ttg.memdesc<f32, #ttg.shared_memory>) {
  tt.return
}

// -----

// expected-error @+1 {{memdesc dimensions must be positive}}
tt.func @memdesc_zero_dim(%m: !ttg.memdesc<0x4xf32>) {
  tt.return
}

// -----

// expected-error @+1 {{memdesc element type must be an integer or float, got '!tt.ptr<f32>'}}
tt.func @memdesc_element(%m: !ttg.memdesc<4x!tt.ptr<f32>>) {
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// expected-error @+1 {{memdesc allocation shape has lower rank than its shape}}
tt.func @memdesc_alloc_rank(%m: !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory, mutable, 64>) {
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// expected-error @+1 {{memdesc shape exceeds its allocation shape}}
tt.func @memdesc_alloc_small(%m: !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory, mutable, 2x32x64>) {
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// expected-error @+1 {{malformed allocation shape in memdesc}}
tt.func @memdesc_alloc_malformed(%m: !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory, 2x64xfoo>) {
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// expected-error @+1 {{memdesc has more than an encoding and a memory space}}
tt.func @memdesc_three_attrs(%m: !ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory, #ttg.shared_memory>) {
  tt.return
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128>
tt.func @local_alloc_space() {
  // expected-error @+1 {{'ttg.local_alloc' op result must be in shared memory (#ttg.shared_memory)}}
  %a = ttg.local_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @local_alloc_immutable() {
  // expected-error @+1 {{'ttg.local_alloc' op an uninitialised buffer must be mutable}}
  %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @local_alloc_element(%v: tensor<64x64xf32>) {
  // expected-error @+1 {{'ttg.local_alloc' op source element type 'f32' does not match buffer element type 'f16'}}
  %a = ttg.local_alloc %v : (tensor<64x64xf32>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @local_alloc_shape(%v: tensor<64x32xf16>) {
  // expected-error @+1 {{'ttg.local_alloc' op source shape does not match buffer shape}}
  %a = ttg.local_alloc %v : (tensor<64x32xf16>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
  tt.return
}

// -----

// A tensor where a memdesc is required.
tt.func @local_dealloc_tensor(%v: tensor<64x64xf16>) {
  // expected-error @+1 {{'ttg.local_dealloc' op operand #0 must be memory descriptor, but got 'tensor<64x64xf16>'}}
  "ttg.local_dealloc"(%v) : (tensor<64x64xf16>) -> ()
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @local_load_element(%m: !ttg.memdesc<64x64xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttg.local_load' op element types of buffer and result differ}}
  %v = ttg.local_load %m : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @local_load_shape(%m: !ttg.memdesc<64x64xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttg.local_load' op shapes of buffer and result differ}}
  %v = ttg.local_load %m : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x32xf16>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @local_store_immutable(%m: !ttg.memdesc<64x64xf16, #shared, #smem>, %v: tensor<64x64xf16>) {
  // expected-error @+1 {{'ttg.local_store' op cannot store into an immutable buffer}}
  ttg.local_store %v, %m : tensor<64x64xf16> -> !ttg.memdesc<64x64xf16, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @local_store_element(%m: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %v: tensor<64x64xf32>) {
  // expected-error @+1 {{'ttg.local_store' op element types of value and buffer differ}}
  ttg.local_store %v, %m : tensor<64x64xf32> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @local_store_shape(%m: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %v: tensor<32x64xf16>) {
  // expected-error @+1 {{'ttg.local_store' op shapes of value and buffer differ}}
  ttg.local_store %v, %m : tensor<32x64xf16> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @index_space(%m: !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>, %i: i32) {
  // expected-error @+1 {{'ttg.memdesc_index' op view must stay in the memory space of its source}}
  %s = ttg.memdesc_index %m[%i] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #ttng.tensor_memory, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @index_element(%m: !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>, %i: i32) {
  // expected-error @+1 {{'ttg.memdesc_index' op view must keep the element type of its source}}
  %s = ttg.memdesc_index %m[%i] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xbf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @index_rank(%m: !ttg.memdesc<4xi64, #shared, #smem, mutable>, %i: i32) {
  // expected-error @+1 {{'ttg.memdesc_index' op source must have rank >= 2}}
  %s = ttg.memdesc_index %m[%i] : !ttg.memdesc<4xi64, #shared, #smem, mutable> -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @index_shape(%m: !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>, %i: i32) {
  // expected-error @+1 {{'ttg.memdesc_index' op result shape must be the source shape without its leading dimension}}
  %s = ttg.memdesc_index %m[%i] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @subslice_rank(%m: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{'ttg.memdesc_subslice' op needs one offset per dimension and a result of the source's rank}}
  %s = ttg.memdesc_subslice %m[0] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 64x64>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @subslice_tile(%m: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{'ttg.memdesc_subslice' op the split offset 48 is not a multiple of the slice size 32}}
  %s = ttg.memdesc_subslice %m[0, 48] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 64x64>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @subslice_unsplit_offset(%m: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
  // expected-error @+1 {{'ttg.memdesc_subslice' op a non-zero offset in a dimension that is not split}}
  %s = ttg.memdesc_subslice %m[32, 32] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 64x64>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @trans_order_size(%m: !ttg.memdesc<64x32xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_trans' op order must have one entry per dimension}}
  %t = ttg.memdesc_trans %m {order = array<i32: 0>} : !ttg.memdesc<64x32xf16, #shared, #smem> -> !ttg.memdesc<32x64xf16, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @trans_not_permutation(%m: !ttg.memdesc<64x32xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_trans' op order must be a permutation}}
  %t = ttg.memdesc_trans %m {order = array<i32: 0, 0>} : !ttg.memdesc<64x32xf16, #shared, #smem> -> !ttg.memdesc<64x32xf16, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @trans_shape(%m: !ttg.memdesc<64x32xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_trans' op result shape is not the permuted source shape}}
  %t = ttg.memdesc_trans %m {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf16, #shared, #smem> -> !ttg.memdesc<64x32xf16, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @reshape_size(%m: !ttg.memdesc<64x32xf16, #shared, #smem>) {
  // expected-error @+1 {{'ttg.memdesc_reshape' op reshape must keep the number of elements}}
  %r = ttg.memdesc_reshape %m : !ttg.memdesc<64x32xf16, #shared, #smem> -> !ttg.memdesc<4096xf16, #shared, #smem>
  tt.return
}

// -----

tt.func @barrier_unknown_space() {
  // expected-error @+1 {{unknown barrier address space 'shared'; expected none, local, global_read, global_write, tensor_read, tensor_write or all}}
  ttg.barrier shared
  tt.return
}

// -----

tt.func @barrier_none_combined() {
  // expected-error @+1 {{'ttg.barrier' op 'none' cannot be combined with other address spaces}}
  ttg.barrier none|local
  tt.return
}

// -----

tt.func @barrier_no_space() {
  // expected-error @+1 {{'ttg.barrier' op needs at least one address space}}
  "ttg.barrier"() <{addrSpaces = []}> : () -> ()
  tt.return
}

// -----

tt.func @ws_num_warps_count(%n: i32) {
  // expected-error @+1 {{'ttg.warp_specialize' op has 1 partitions but 2 num_warps entries}}
  "ttg.warp_specialize"() <{partitionNumWarps = array<i32: 4, 4>}> ({
    "ttg.warp_yield"() : () -> ()
  }, {
    "ttg.warp_specialize.partitions"(%n) ({
    ^bb0(%x: i32):
      "ttg.warp_return"() : () -> ()
    }) : (i32) -> ()
  }) : () -> ()
  tt.return
}

// -----

tt.func @ws_no_partitions_op(%n: i32) {
  // expected-error @+1 {{'ttg.warp_specialize' op its second region must hold exactly one ttg.warp_specialize.partitions op}}
  "ttg.warp_specialize"() <{partitionNumWarps = array<i32>}> ({
    "ttg.warp_yield"() : () -> ()
  }, {
    "ttg.warp_yield"() : () -> ()
  }) : () -> ()
  tt.return
}

// -----

tt.func @ws_num_warps_pow2(%n: i32) {
  // expected-error @+1 {{'ttg.warp_specialize' op partition 0 has num_warps(3), which is not a power of two}}
  ttg.warp_specialize(%n)
  default {
    ttg.warp_yield
  }
  partition0(%x: i32) num_warps(3) {
    ttg.warp_return
  } : (i32) -> ()
  tt.return
}

// -----

tt.func @ws_arg_count(%n: i32, %m: i32) {
  // expected-error @+1 {{'ttg.warp_specialize' op partition 0 takes 1 arguments but the op captures 2}}
  ttg.warp_specialize(%n, %m)
  default {
    ttg.warp_yield
  }
  partition0(%x: i32) num_warps(4) {
    ttg.warp_return
  } : (i32, i32) -> ()
  tt.return
}

// -----

tt.func @ws_arg_type(%n: i32) {
  // expected-error @+1 {{'ttg.warp_specialize' op partition 1 argument type 'i64' does not match capture type 'i32'}}
  ttg.warp_specialize(%n)
  default {
    ttg.warp_yield
  }
  partition0(%x: i32) num_warps(4) {
    ttg.warp_return
  }
  partition1(%x: i64) num_warps(4) {
    ttg.warp_return
  } : (i32) -> ()
  tt.return
}

// -----

tt.func @ws_isolated(%n: i32) {
  // expected-error @+1 {{'ttg.warp_specialize' op partition 0 uses a value defined outside it; partitions are isolated and see only their block arguments}}
  ttg.warp_specialize(%n)
  default {
    ttg.warp_yield
  }
  partition0(%x: i32) num_warps(4) {
    %y = arith.addi %x, %n : i32
    ttg.warp_return
  } : (i32) -> ()
  tt.return
}

// -----

tt.func @ws_default_results(%n: i32) {
  // expected-error @+1 {{'ttg.warp_specialize' op default region yields 1 values but the op has 0 results}}
  ttg.warp_specialize(%n)
  default {
    ttg.warp_yield %n : i32
  } : (i32) -> ()
  tt.return
}

// -----

tt.func @warp_yield_parent(%n: i32) {
  // expected-error @+1 {{'ttg.warp_yield' op expects parent op 'ttg.warp_specialize'}}
  ttg.warp_yield %n : i32
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tt.func @convert_layout_shape(%v: tensor<64xf32, #blocked>) {
  // expected-error @+1 {{'ttg.convert_layout' op requires the same shape for all operands and results}}
  %r = ttg.convert_layout %v : tensor<64xf32, #blocked> -> tensor<128xf32, #blocked1>
  tt.return
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
tt.func @async_copy_mask(%p: tensor<64x64x!tt.ptr<f16>>, %m: tensor<64xi1>, %buf: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) {
  // The mask's type is implied by src's: a mismatching mask is a type error.
  // expected-note @-2 {{prior use here}}
  // expected-error @+1 {{use of value '%m' expects different type than prior uses: 'tensor<64x64xi1>' vs 'tensor<64xi1>'}}
  %t = ttg.async_copy_global_to_local %p, %buf mask %m : tensor<64x64x!tt.ptr<f16>> -> <64x64xf16, #shared, #smem, mutable>
  tt.return
}

// -----

// Triton's own checks of padded_shared stay.
// expected-error @+1 {{interval values must all be power of two}}
#bad = #ttg.padded_shared<[3:+2]>
module {
  tt.func @bad_interval(%a: !ttg.memdesc<64xf16, #bad, #ttg.shared_memory>) {
    tt.return
  }
}

// -----

// expected-error @+1 {{padding values must all be power of two}}
#bad = #ttg.padded_shared<[32:+3]>
module {
  tt.func @bad_padding(%a: !ttg.memdesc<64xf16, #bad, #ttg.shared_memory>) {
    tt.return
  }
}

// -----

// expected-error @+1 {{#ttg.shared_linear: missing key 'offset'}}
#bad = #ttg.shared_linear<{block = []}, alignment = 16>
module {
  tt.func @no_offset(%a: !ttg.memdesc<4xf32, #bad, #ttg.shared_memory>) {
    tt.return
  }
}

// -----

#inner = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#part = #ttg.partitioned_shared<{numPartitions = 2, numGroups = 1, partitionDim = 0, partitionLayout = #inner}>
#smem = #ttg.shared_memory
tt.func @dynamic_subslice_partitioned(%m: !ttg.memdesc<64x64xf16, #part, #smem, mutable>, %i: i32) {
  // expected-error @+1 {{'ttg.memdesc_dynamic_subslice' op cannot take a dynamic subslice of a #ttg.partitioned_shared buffer}}
  %s = ttg.memdesc_dynamic_subslice %m[%i, %i] : !ttg.memdesc<64x64xf16, #part, #smem, mutable> -> !ttg.memdesc<32x64xf16, #part, #smem, mutable, 64x64>
  tt.return
}
