// Errors of --mlir-to-ptx: a chip that is not an SM, and an op that has no
// lowering to LLVM.
// RUN: not proxyfence-translate --mlir-to-ptx --chip=gfx90a %s 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not proxyfence-translate --mlir-to-ptx --split-input-file %s 2>&1 | FileCheck %s --check-prefix=OP

// CHIP: error: --chip must name an SM, e.g. sm_90a, got 'gfx90a'
llvm.func @k() attributes {nvvm.kernel} {
  ttng.fence_async_shared {bCluster = false}
  llvm.return
}

// -----

// OP: error: cannot translate to LLVM IR
tt.func @not_lowered() {
  tt.return
}
