// RUN: proxyfence-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{#ttng.tensor_memory_encoding: missing key 'blockN'}}
#tmem = #ttng.tensor_memory_encoding<blockM = 128, colStride = 1>

// -----

// expected-error @+1 {{#ttng.tensor_memory_encoding: unknown key 'swizzle'}}
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, swizzle = 1>

// -----

// expected-error @+1 {{#ttng.tensor_memory_encoding: key 'blockM' given twice}}
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, blockM = 64>

// -----

// expected-error @+1 {{#ttng.tensor_memory_scales_encoding: unknown key 'blockM'}}
#tmem_scales = #ttng.tensor_memory_scales_encoding<blockM = 128>

// -----

tt.func @fence_scope() {
  // expected-error @+1 {{'ttng.fence' op scope must be "gpu" or "sys", got "cta"}}
  ttng.fence {scope = "cta"}
  tt.return
}

// -----

#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @init_barrier_count(%bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>) {
  // expected-error @+1 {{'ttng.init_barrier' op arrival count must be >= 1}}
  ttng.init_barrier %bar, 0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  tt.return
}

// -----

#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
tt.func @inval_barrier_space(%bar: !ttg.memdesc<1xi64, #shared1, #ttng.tensor_memory, mutable>) {
  // expected-error @+1 {{'ttng.inval_barrier' op barrier must live in shared memory}}
  ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared1, #ttng.tensor_memory, mutable>
  tt.return
}

// -----

#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @wait_barrier_type(%bar: !ttg.memdesc<1xi32, #shared1, #smem, mutable>, %ph: i32) {
  // expected-error @+1 {{'ttng.wait_barrier' op barrier must be a buffer of i64}}
  ttng.wait_barrier %bar, %ph : !ttg.memdesc<1xi32, #shared1, #smem, mutable>
  tt.return
}

// -----

#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @arrive_barrier_count(%bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>) {
  // expected-error @+1 {{'ttng.arrive_barrier' op arrival count must be >= 1}}
  ttng.arrive_barrier %bar, 0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  tt.return
}

// -----

// A tensor where a memdesc is required.
tt.func @arrive_barrier_tensor(%bar: tensor<1xi64>) {
  // expected-error @+1 {{'ttng.arrive_barrier' op operand #0 must be memory descriptor, but got 'tensor<1xi64>'}}
  "ttng.arrive_barrier"(%bar) <{count = 1 : i32}> : (tensor<1xi64>) -> ()
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @tma_load_immutable(%d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %i: i32, %buf: !ttg.memdesc<128x64xf16, #shared, #smem>, %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op cannot load into an immutable buffer}}
  ttng.async_tma_copy_global_to_local %d[%i, %i] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @tma_load_barrier(%d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %i: i32, %buf: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %bar: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op barrier must be a buffer of i64}}
  ttng.async_tma_copy_global_to_local %d[%i, %i] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @tma_load_coords(%d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %i: i32, %buf: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %p: i1) {
  // A TMA box has at most five dimensions (Triton checks it too).
  // expected-error @+1 {{'ttng.async_tma_copy_global_to_local' op TMA copies take 1 to 5 coordinates, got 6}}
  ttng.async_tma_copy_global_to_local %d[%i, %i, %i, %i, %i, %i] %buf, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
tt.func @tma_store_space(%d: !tt.tensordesc<tensor<128x64xf16, #shared>>, %i: i32, %buf: !ttg.memdesc<128x64xf16, #shared, #ttng.tensor_memory>) {
  // expected-error @+1 {{'ttng.async_tma_copy_local_to_global' op TMA buffer must live in shared memory}}
  ttng.async_tma_copy_local_to_global %d[%i, %i] %buf : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #ttng.tensor_memory>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#smem = #ttg.shared_memory
tt.func @mma_b_space(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #tmem, #ttng.tensor_memory>, %acc: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.tc_gen5_mma' op operand B must live in shared memory}}
  ttng.tc_gen5_mma %a, %b, %acc, %p, %p : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #tmem, #ttng.tensor_memory>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @mma_d_space(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared, #smem>, %acc: !ttg.memdesc<128x128xf32, #shared, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.tc_gen5_mma' op accumulator D must live in tensor memory}}
  ttng.tc_gen5_mma %a, %b, %acc, %p, %p : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #shared, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#smem = #ttg.shared_memory
tt.func @mma_preds(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared, #smem>, %acc: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.tc_gen5_mma' op needs one predicate per barrier}}
  "ttng.tc_gen5_mma"(%a, %b, %acc, %p, %p, %bar) <{is_async, operandSegmentSizes = array<i32: 1, 1, 1, 0, 1, 1, 1, 0>}> : (!ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, i1, i1, !ttg.memdesc<1xi64, #shared1, #smem, mutable>) -> ()
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#smem = #ttg.shared_memory
tt.func @mma_sync_barrier(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared, #smem>, %acc: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.tc_gen5_mma' op a synchronous MMA cannot signal barriers}}
  ttng.tc_gen5_mma %a, %b, %acc, %p, %p, %bar[%p] : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
#smem = #ttg.shared_memory
tt.func @mma_scaled_d_space(%a: !ttg.memdesc<128x64xf8E4M3FN, #shared, #smem>, %b: !ttg.memdesc<64x128xf8E4M3FN, #shared, #smem>, %acc: !ttg.memdesc<128x128xf32, #shared, #smem, mutable>, %s: !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, %p: i1) {
  // expected-error @+1 {{'ttng.tc_gen5_mma_scaled' op accumulator D must live in tensor memory}}
  ttng.tc_gen5_mma_scaled %a, %b, %acc, %s, %s, %p, %p lhs = e4m3 rhs = e4m3 : !ttg.memdesc<128x64xf8E4M3FN, #shared, #smem>, !ttg.memdesc<64x128xf8E4M3FN, #shared, #smem>, !ttg.memdesc<128x128xf32, #shared, #smem, mutable>, !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
#smem = #ttg.shared_memory
tt.func @mma_scaled_sync_barrier(%a: !ttg.memdesc<128x64xf8E4M3FN, #shared, #smem>, %b: !ttg.memdesc<64x128xf8E4M3FN, #shared, #smem>, %acc: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %s: !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.tc_gen5_mma_scaled' op a synchronous MMA cannot signal barriers}}
  ttng.tc_gen5_mma_scaled %a, %b, %acc, %s, %s, %p, %p lhs = e4m3 rhs = e4m3, %bar[%p] : !ttg.memdesc<128x64xf8E4M3FN, #shared, #smem>, !ttg.memdesc<64x128xf8E4M3FN, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @tmem_alloc_space() {
  // expected-error @+1 {{'ttng.tmem_alloc' op result must live in tensor memory (#ttng.tensor_memory)}}
  %a = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #shared, #smem, mutable>
  tt.return
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
tt.func @tmem_alloc_immutable() {
  // expected-error @+1 {{'ttng.tmem_alloc' op an uninitialised buffer must be mutable}}
  %a = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @tmem_load_space(%m: !ttg.memdesc<128x128xf32, #shared, #smem, mutable>) {
  // expected-error @+1 {{'ttng.tmem_load' op source must live in tensor memory}}
  %v = ttng.tmem_load %m : !ttg.memdesc<128x128xf32, #shared, #smem, mutable> -> tensor<128x128xf32>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @tmem_store_space(%m: !ttg.memdesc<128x128xf32, #shared, #smem, mutable>, %v: tensor<128x128xf32>, %p: i1) {
  // expected-error @+1 {{'ttng.tmem_store' op destination must live in tensor memory}}
  ttng.tmem_store %v, %m, %p : tensor<128x128xf32> -> !ttg.memdesc<128x128xf32, #shared, #smem, mutable>
  tt.return
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
tt.func @tmem_store_immutable(%m: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>, %v: tensor<128x128xf32>, %p: i1) {
  // expected-error @+1 {{'ttng.tmem_store' op cannot store into immutable tensor memory}}
  ttng.tmem_store %v, %m, %p : tensor<128x128xf32> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>
  tt.return
}

// -----

#tmem_scales = #ttng.tensor_memory_scales_encoding<>
tt.func @tmem_copy_src(%src: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %dst: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>) {
  // expected-error @+1 {{'ttng.tmem_copy' op source must live in shared memory}}
  ttng.tmem_copy %src, %dst : !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
  tt.return
}

// -----

#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @tmem_copy_dst(%src: !ttg.memdesc<128x4xi8, #shared1, #smem>, %dst: !ttg.memdesc<128x4xi8, #shared1, #smem, mutable>) {
  // expected-error @+1 {{'ttng.tmem_copy' op destination must live in tensor memory}}
  ttng.tmem_copy %src, %dst : !ttg.memdesc<128x4xi8, #shared1, #smem>, !ttg.memdesc<128x4xi8, #shared1, #smem, mutable>
  tt.return
}

// -----

#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @init_barrier_negative(%bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>) {
  // expected-error @+1 {{'ttng.init_barrier' op arrival count must be >= 1}}
  ttng.init_barrier %bar, -1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  tt.return
}

// -----

#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @arrive_negative(%bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>) {
  // expected-error @+1 {{'ttng.arrive_barrier' op arrival count must be >= 1}}
  ttng.arrive_barrier %bar, -2 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  tt.return
}

// -----

#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @expect_negative(%bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.barrier_expect' op expected byte count must be non-negative}}
  ttng.barrier_expect %bar, -1, %p : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
#smem = #ttg.shared_memory
tt.func @mma_scaled_bad_barrier(%a: !ttg.memdesc<128x64xf8E4M3FN, #shared, #smem>, %b: !ttg.memdesc<64x128xf8E4M3FN, #shared, #smem>, %acc: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %s: !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, %bar: !ttg.memdesc<64x64xf16, #shared2, #smem, mutable>, %p: i1) {
  // expected-error @+1 {{'ttng.tc_gen5_mma_scaled' op barrier must be a buffer of i64}}
  ttng.tc_gen5_mma_scaled %a, %b, %acc, %s, %s, %p, %p lhs = e4m3 rhs = e4m3, %bar[%p] {is_async} : !ttg.memdesc<128x64xf8E4M3FN, #shared, #smem>, !ttg.memdesc<64x128xf8E4M3FN, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<64x64xf16, #shared2, #smem, mutable>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#smem = #ttg.shared_memory
tt.func @token_dep_without_result(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared, #smem>, %acc: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %tok: !ttg.async.token, %p: i1) {
  // expected-error @+1 {{'ttng.tc_gen5_mma' op has a token dependency but no token result}}
  "ttng.tc_gen5_mma"(%a, %b, %acc, %tok, %p, %p) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0, 0>}> : (!ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token, i1, i1) -> ()
  tt.return
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
tt.func @tmem_load_dep_without_result(%acc: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %tok: !ttg.async.token) {
  // expected-error @+1 {{'ttng.tmem_load' op has a token dependency but no token result}}
  %r = "ttng.tmem_load"(%acc, %tok) <{resultSegmentSizes = array<i32: 1, 0, 0>}> : (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token) -> tensor<128x128xf32>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tt.func @packed_arith_kind(%x: tensor<128xf32, #blocked>) {
  // expected-error @+1 {{'ttng.packed_arith' op unknown packed operation 'div' (expected add, sub, mul, fma, min or max)}}
  %r = ttng.packed_arith div %x, %x : (tensor<128xf32, #blocked>, tensor<128xf32, #blocked>) -> tensor<128xf32, #blocked>
  tt.return
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
tt.func @packed_arith_arity(%x: tensor<128xf32, #blocked>) {
  // expected-error @+1 {{'ttng.packed_arith' op fma takes 3 operands, got 2}}
  %r = ttng.packed_arith fma %x, %x : (tensor<128xf32, #blocked>, tensor<128xf32, #blocked>) -> tensor<128xf32, #blocked>
  tt.return
}

// -----

#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @remote_shape(%b: !ttg.memdesc<2xi64, #shared1, #smem, mutable>, %r: i32) {
  // expected-error @+1 {{'ttng.map_to_remote_buffer' op the remote view must have the shape and element type of the local buffer}}
  %v = ttng.map_to_remote_buffer %b, %r : !ttg.memdesc<2xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #ttng.shared_cluster_memory, mutable>
  tt.return
}

// -----

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
tt.func @tmem_subslice_column(%acc: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>) {
  // expected-error @+1 {{'ttng.tmem_subslice' op needs its first column: `N` (or TLX's `offset`)}}
  %s = ttng.tmem_subslice %acc : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable, 128x128>
  tt.return
}
