// RUN: proxyfence-opt -split-input-file --proxyfence-allocate-shared-memory %s | FileCheck %s
// Idempotence: a second run (under Triton's pass name) changes nothing.
// RUN: proxyfence-opt -split-input-file --proxyfence-allocate-shared-memory %s \
// RUN:   | proxyfence-opt -split-input-file --allocate-shared-memory-nv | FileCheck %s
// RUN: proxyfence-opt -split-input-file --proxyfence-allocate-shared-memory %s \
// RUN:   | proxyfence-opt -split-input-file --test-verify-shared-memory-allocation \
// RUN:   | FileCheck %s --check-prefix=VERIFY
// VERIFY-COUNT-13: shared-memory allocation ok

// Buffers live at the same time get disjoint offsets; the module records
// the total.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// CHECK: module attributes {ttg.shared = 4096 : i32}
// CHECK-LABEL: tt.func @live_together
// CHECK: %[[A:.*]] = ttg.local_alloc {allocation.offset = 0 : i32}
// CHECK: %[[B:.*]] = ttg.local_alloc {allocation.offset = 2048 : i32}
module {
  tt.func @live_together() {
    %a = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %la = ttg.local_load %a : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
    %lb = ttg.local_load %b : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
    tt.return
  }
}

// -----

// A buffer dead before another is allocated lends it its bytes.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// CHECK: module attributes {ttg.shared = 2048 : i32}
// CHECK-LABEL: tt.func @reuse
// CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
// CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
module {
  tt.func @reuse() {
    %a = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %la = ttg.local_load %a : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
    %b = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %lb = ttg.local_load %b : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
    tt.return
  }
}

// -----

// A use inside a loop is reached again on the next iteration: %a stays live
// over the whole loop, so %b (allocated later in the body) cannot reuse it.
// %c, allocated afresh in each iteration and dead before %d, can.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// CHECK: module attributes {ttg.shared = 4096 : i32}
// CHECK-LABEL: tt.func @loop
// CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
// CHECK: scf.for
// CHECK: ttg.local_alloc {allocation.offset = 2048 : i32}
// CHECK: ttg.local_alloc {allocation.offset = 2048 : i32}
// CHECK: ttg.local_alloc {allocation.offset = 2048 : i32}
module {
  tt.func @loop(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    scf.for %iv = %c0 to %n step %c1 : i32 {
      %la = ttg.local_load %a : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
      %b = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
      %lb = ttg.local_load %b : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
      %c = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
      %lc = ttg.local_load %c : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
      %d = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
      %ld = ttg.local_load %d : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
    }
    tt.return
  }
}

// -----

// Views and loop-carried values keep their allocation alive: %a is used
// last through its view %v, %c through the loop result %r.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// CHECK: module attributes {ttg.shared = 6144 : i32}
// CHECK-LABEL: tt.func @views_and_iter_args
// CHECK: ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<2x32x32xf16
// CHECK: ttg.local_alloc {allocation.offset = 4096 : i32}
// CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
// CHECK: scf.for
// CHECK: ttg.local_alloc {allocation.offset = 2048 : i32}
module {
  tt.func @views_and_iter_args(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = ttg.local_alloc : () -> !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable>
    %v = ttg.memdesc_index %a[%c1] : !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %lb = ttg.local_load %b : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
    %lv = ttg.local_load %v : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
    %c = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %r = scf.for %iv = %c0 to %n step %c1 iter_args(%cur = %c) -> (!ttg.memdesc<32x32xf16, #shared, #smem, mutable>) : i32 {
      scf.yield %cur : !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    }
    %d = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %ld = ttg.local_load %d : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
    %lr = ttg.local_load %r : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
    tt.return
  }
}

// -----

// Warp-specialize regions run concurrently: buffers of the default region
// and of each partition never share bytes, although each is dead before
// the next is allocated in program order. The op's capture storage (one
// i32) gets its own range, after the buffers.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// CHECK: module attributes {ttg.shared = 6148 : i32}
// CHECK-LABEL: tt.func @warp_specialize
// CHECK: ttg.warp_specialize(%{{.*}}) attributes {allocation.offset = 6144 : i32, allocation.size = 4 : i32, requestedRegisters
// CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
// CHECK: partition0
// CHECK: ttg.local_alloc {allocation.offset = 2048 : i32}
// CHECK: partition1
// CHECK: ttg.local_alloc {allocation.offset = 4096 : i32}
module {
  tt.func @warp_specialize(%n: i32) {
    ttg.warp_specialize(%n) attributes {requestedRegisters = array<i32: 24, 24>}
    default {
      %a = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
      %la = ttg.local_load %a : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
      ttg.warp_yield
    }
    partition0(%x: i32) num_warps(4) {
      %b = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
      %lb = ttg.local_load %b : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
      ttg.warp_return
    }
    partition1(%y: i32) num_warps(4) {
      %c = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
      %lc = ttg.local_load %c : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
      ttg.warp_return
    } : (i32) -> ()
    tt.return
  }
}

// -----

// Offsets already present are kept, and new buffers avoid them while both
// are live; a 128B-swizzled nvmma buffer is aligned to 1024 bytes.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// CHECK: module attributes {ttg.shared = 9216 : i32}
// CHECK-LABEL: tt.func @preexisting
// CHECK: ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<2xi64
// CHECK: ttg.local_alloc {allocation.offset = 1024 : i32} : () -> !ttg.memdesc<64x64xf16
module {
  tt.func @preexisting() {
    %bar = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<2xi64, #shared, #smem, mutable>
    %t = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    %lt = ttg.local_load %t : !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable> -> tensor<64x64xf16, #blocked>
    ttg.local_dealloc %bar : !ttg.memdesc<2xi64, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// A layout conversion through shared memory gets scratch, live only at the
// op (it reuses %a's bytes, dead by then); an MMA accumulator converted to
// a dot operand of the same MMA layout stays in registers.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// CHECK: module attributes {ttg.shared = 4096 : i32}
// CHECK-LABEL: tt.func @convert_layout
// CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
// CHECK: ttg.convert_layout %{{.*}} {allocation.offset = 0 : i32, allocation.size = 4096 : i32} : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #blocked1>
// CHECK: ttg.convert_layout %{{.*}} : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #ttg.dot_op
module {
  tt.func @convert_layout(%t: tensor<32x32xf32, #blocked>, %m: tensor<64x64xf16, #mma>) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %la = ttg.local_load %a : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
    %c = ttg.convert_layout %t : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #blocked1>
    %d = ttg.convert_layout %m : tensor<64x64xf16, #mma> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.return
  }
}

// -----

// Scratch of a conversion must not overlap a buffer live across it.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// CHECK: module attributes {ttg.shared = 6144 : i32}
// CHECK-LABEL: tt.func @scratch_avoids_live_buffer
// CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
// CHECK: ttg.convert_layout %{{.*}} {allocation.offset = 2048 : i32, allocation.size = 4096 : i32}
module {
  tt.func @scratch_avoids_live_buffer(%t: tensor<32x32xf32, #blocked>) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %c = ttg.convert_layout %t : tensor<32x32xf32, #blocked> -> tensor<32x32xf32, #blocked1>
    %la = ttg.local_load %a : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
    tt.return
  }
}

// -----

// Unstructured control flow: a use on a CFG cycle keeps the buffer live over
// the whole cycle, so %b, allocated in the loop body after %a's use there,
// gets other bytes; %c, allocated after the loop, reuses %a's.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// CHECK: module attributes {ttg.shared = 4096 : i32}
// CHECK-LABEL: tt.func @cfg_loop
// CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
// CHECK: ^bb2:
// CHECK: ttg.local_alloc {allocation.offset = 2048 : i32}
// CHECK: ^bb3:
// CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
module {
  tt.func @cfg_loop(%cond: i1) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    cf.br ^bb1
  ^bb1:
    cf.cond_br %cond, ^bb2, ^bb3
  ^bb2:
    %la = ttg.local_load %a : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
    %b = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %lb = ttg.local_load %b : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
    cf.br ^bb1
  ^bb3:
    %c = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %lc = ttg.local_load %c : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
    tt.return
  }
}

// -----

// Without buffers the module needs no shared memory; tensor memory is not
// allocated here.

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
// CHECK: module attributes {ttg.shared = 0 : i32}
// CHECK: ttng.tmem_alloc :
module {
  tt.func @no_shared() {
    %t = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

// A cluster layout splits a buffer among the CTAs: each CTA holds, and
// Triton allocates, the shape per CTA. CTASplitNum = [2, 1] halves the
// rows of %a (64x64xf16: 4096 bytes per CTA, not 8192); CGALayout bases
// [[0, 1]] halve the columns of each stage of %b (3 x 4096 bytes); a
// broadcast basis [[0, 0]] splits nothing (%c, 8192 bytes). The leading
// (stage) dimension of %b is outside the layout's rank.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#split_rows = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0]}>
#split_cols = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 1]]}>
#broadcast = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 0]]}>
#smem = #ttg.shared_memory
// CHECK: module attributes {"ttg.num-ctas" = 2 : i32, ttg.shared = 24576 : i32}
// CHECK-LABEL: tt.func @per_cta_sizes
// Largest first: %b [0, 12288), %c [12288, 20480), %a [20480, 24576).
// CHECK: ttg.local_alloc {allocation.offset = 20480 : i32} : () -> !ttg.memdesc<64x64xf16, #{{.*}}>
// CHECK: ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<3x64x64xf16, #{{.*}}>
// CHECK: ttg.local_alloc {allocation.offset = 12288 : i32} : () -> !ttg.memdesc<64x64xf16, #{{.*}}>
module attributes {"ttg.num-ctas" = 2 : i32} {
  tt.func @per_cta_sizes() {
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #split_rows, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #split_cols, #smem, mutable>
    %c = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #broadcast, #smem, mutable>
    %la = ttg.local_load %a : !ttg.memdesc<64x64xf16, #split_rows, #smem, mutable> -> tensor<64x64xf16, #blocked>
    %lb = ttg.local_load %b : !ttg.memdesc<3x64x64xf16, #split_cols, #smem, mutable> -> tensor<3x64x64xf16, #blocked>
    %lc = ttg.local_load %c : !ttg.memdesc<64x64xf16, #broadcast, #smem, mutable> -> tensor<64x64xf16, #blocked>
    tt.return
  }
}

// -----

// TLX's token form: a TMA store's source stays live until the
// async_tma_store_token_wait on the store's own token; after it, %z may
// take %x's bytes.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// CHECK: module attributes {ttg.shared = 8192 : i32}
// CHECK-LABEL: tt.func @token_wait_own_store
// CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
// CHECK: ttng.async_tma_store_token_wait
// CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
module {
  tt.func @token_wait_own_store(%desc: !tt.tensordesc<tensor<64x64xf16, #nvmma>>, %i: i32, %v: tensor<64x64xf16, #blocked>) {
    %x = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    ttg.local_store %v, %x : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    ttng.fence_async_shared {bCluster = false}
    %tx = ttng.async_tma_copy_local_to_global %desc[%i, %i] %x : !tt.tensordesc<tensor<64x64xf16, #nvmma>>, !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable> -> !ttg.async.token
    ttng.async_tma_store_token_wait %tx : !ttg.async.token
    %z = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    ttg.local_store %v, %z : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    tt.return
  }
}

// -----

// The token wait of an older store does not complete a newer one: %x's
// store may still be reading when %z is written, so %z gets bytes of its
// own (%y, read after %z, stays live too).

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// CHECK: module attributes {ttg.shared = 24576 : i32}
// CHECK-LABEL: tt.func @token_wait_older_store
module {
  tt.func @token_wait_older_store(%desc: !tt.tensordesc<tensor<64x64xf16, #nvmma>>, %i: i32, %v: tensor<64x64xf16, #blocked>) {
    %x = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    %y = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    ttg.local_store %v, %x : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    ttg.local_store %v, %y : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    ttng.fence_async_shared {bCluster = false}
    %ty = ttng.async_tma_copy_local_to_global %desc[%i, %i] %y : !tt.tensordesc<tensor<64x64xf16, #nvmma>>, !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable> -> !ttg.async.token
    %tx = ttng.async_tma_copy_local_to_global %desc[%i, %i] %x : !tt.tensordesc<tensor<64x64xf16, #nvmma>>, !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable> -> !ttg.async.token
    ttng.async_tma_store_token_wait %ty : !ttg.async.token
    %z = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    ttg.local_store %v, %z : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    %ly = ttg.local_load %y : !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable> -> tensor<64x64xf16, #blocked>
    tt.return
  }
}
