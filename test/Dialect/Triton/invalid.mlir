// RUN: proxyfence-opt %s --split-input-file --verify-diagnostics

tt.func @return_count() {
  %c = arith.constant 0 : i32
  // expected-error @+1 {{'tt.return' op has 1 operands, but enclosing function (@return_count) returns 0}}
  tt.return %c : i32
}

// -----

tt.func @return_type() -> i32 {
  %c = arith.constant 0.0 : f32
  // expected-error @+1 {{'tt.return' op type of return operand 0 ('f32') doesn't match function result type ('i32') in function @return_type}}
  tt.return %c : f32
}

// -----

tt.func @call_unknown(%a: i32) {
  // expected-error @+1 {{'tt.call' op 'missing' does not reference a valid tt.func}}
  %r = tt.call @missing(%a) : (i32) -> i32
  tt.return
}

// -----

tt.func private @callee(i32) -> i32
tt.func @call_types(%a: i64) {
  // expected-error @+1 {{'tt.call' op operand or result types do not match callee @callee of type '(i32) -> i32'}}
  %r = tt.call @callee(%a) : (i64) -> i32
  tt.return
}

// -----

tt.func @make_range_empty() {
  // expected-error @+1 {{'tt.make_range' op end (16) must be greater than start (16)}}
  %r = tt.make_range {end = 16 : i32, start = 16 : i32} : tensor<16xi32>
  tt.return
}

// -----

tt.func @make_range_size() {
  // expected-error @+1 {{'tt.make_range' op result must be a 1-d tensor of 64 elements}}
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<32xi32>
  tt.return
}

// -----

tt.func @make_range_type() {
  // expected-error @+1 {{'tt.make_range' op result #0 must be ranked tensor of 32-bit signless integer values}}
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi64>
  tt.return
}

// -----

tt.func @split_last_dim(%x: tensor<64x4xf32>) {
  // expected-error @+1 {{'tt.split' op source's last dimension must be 2}}
  %l, %r = tt.split %x : tensor<64x4xf32> -> tensor<64xf32>
  tt.return
}

// -----

tt.func @split_result_shape(%x: tensor<64x2xf32>) {
  // expected-error @+1 {{'tt.split' op results must have the source's shape without its last dimension}}
  %l, %r = tt.split %x : tensor<64x2xf32> -> tensor<32xf32>
  tt.return
}

// -----

tt.func @reduce_no_operand() {
  // expected-error @+1 {{'tt.reduce' op needs at least one operand}}
  "tt.reduce"() <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : () -> ()
  tt.return
}

// -----

tt.func @reduce_axis(%x: tensor<64x64xf32>) {
  // expected-error @+1 {{'tt.reduce' op axis 2 out of range for rank 2}}
  %r = "tt.reduce"(%x) <{axis = 2 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %c = arith.addf %a, %b : f32
    tt.reduce.return %c : f32
  }) : (tensor<64x64xf32>) -> tensor<64xf32>
  tt.return
}

// -----

tt.func @reduce_region_args(%x: tensor<64x64xf32>) {
  // expected-error @+1 {{'tt.reduce' op combine region must take 2 arguments}}
  %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32):
    tt.reduce.return %a : f32
  }) : (tensor<64x64xf32>) -> tensor<64xf32>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
tt.func @descriptor_load_element(%d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_load' op element type 'f32' does not match the descriptor's 'f16'}}
  %y = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf32>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
tt.func @descriptor_store_size(%d: !tt.tensordesc<64x64xf16, #shared>, %i: i32, %v: tensor<32x64xf16>) {
  // expected-error @+1 {{'tt.descriptor_store' op tensor shape does not match the descriptor block}}
  tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<64x64xf16, #shared>, tensor<32x64xf16>
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
tt.func @descriptor_rank_reduce_nonunit(%d: !tt.tensordesc<tensor<2x64x64xf16, #shared>>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_load' op a rank-reducing access may drop only leading dimensions of size 1 of the descriptor block}}
  %y = tt.descriptor_load %d[%i, %i, %i] : !tt.tensordesc<tensor<2x64x64xf16, #shared>> -> tensor<64x64xf16>
  tt.return
}

// -----

// expected-error @+1 {{tensor descriptor block must have rank >= 1}}
tt.func @tensordesc_rank0(%d: !tt.tensordesc<tensor<f32>>) {
  tt.return
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
tt.func @descriptor_rank_reduce_nonunit(%d: !tt.tensordesc<tensor<2x64x64xf16, #shared>>, %i: i32) {
  // expected-error @+1 {{'tt.descriptor_load' op a rank-reducing access may drop only leading dimensions of size 1 of the descriptor block}}
  %y = tt.descriptor_load %d[%i, %i, %i] : !tt.tensordesc<tensor<2x64x64xf16, #shared>> -> tensor<64x64xf16>
  tt.return
}

// -----

// expected-error @+1 {{tensor descriptor block must have rank >= 1}}
tt.func @tensordesc_rank0_new_spelling(%d: !tt.tensordesc<f32>) {
  tt.return
}

// -----

// Type constraints: addptr needs a pointer.
tt.func @addptr_not_ptr(%x: i64, %o: i32) {
  // expected-error @+1 {{'tt.addptr' op operand #0 must be Triton pointer or ranked tensor of Triton pointer values, but got 'i64'}}
  %p = tt.addptr %x, %o : i64, i32
  tt.return
}

// -----

tt.func @load_mask_shape(%p: tensor<64x!tt.ptr<f16>>, %m: tensor<32xi1>) {
  // expected-error @+1 {{'tt.load' op failed to verify that mask is i1 of ptr's shape}}
  %x = "tt.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<64x!tt.ptr<f16>>, tensor<32xi1>) -> tensor<64xf16>
  tt.return
}

// -----

tt.func @store_value_type(%p: !tt.ptr<f16>, %v: f32) {
  // expected-error @+1 {{'tt.store' op failed to verify that value is the pointee of ptr}}
  "tt.store"(%p, %v) : (!tt.ptr<f16>, f32) -> ()
  tt.return
}

// -----

tt.func @get_program_id_axis() {
  // expected-error @+1 {{custom op 'tt.get_program_id' expected string or keyword containing one of the following enum values for attribute 'axis' [x, y, z]}}
  %x = tt.get_program_id w : i32
  tt.return
}
