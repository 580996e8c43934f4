// RUN: proxyfence-opt %s --split-input-file --verify-diagnostics

// nvg.ld_acquire reads global memory through an address-space-1 pointer,
// and its semantics and scope are Triton's words.

tt.func @shared_pointer(%p: !llvm.ptr<3>) {
  // expected-error @below {{operand #0 must be LLVM pointer in address space 1}}
  %v = nvg.ld_acquire acquire, gpu, %p : (!llvm.ptr<3>) -> i32
  tt.return
}

// -----

tt.func @bad_scope(%p: !llvm.ptr<1>) {
  // expected-error @below {{enum values for attribute 'scope' [gpu, cta, sys]}}
  %v = nvg.ld_acquire acquire, cluster, %p : (!llvm.ptr<1>) -> i32
  tt.return
}
