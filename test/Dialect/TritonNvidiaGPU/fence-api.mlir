// The C++ fence API: fence(scope) for the three TLX scopes, and the error
// naming them for any other scope.
// RUN: proxyfence-opt %s --split-input-file --test-fence-api=scopes=async_shared,gpu,sys | FileCheck %s
// RUN: proxyfence-opt %s --split-input-file --test-fence-api=scopes=cta --verify-diagnostics

// CHECK-LABEL: tt.func @f
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.fence {scope = "gpu"}
// CHECK-NEXT: ttng.fence {scope = "sys"}
// CHECK-NEXT: tt.return
// expected-error @below {{invalid fence scope 'cta'; expected one of "async_shared", "gpu", "sys"}}
tt.func @f() {
  tt.return
}
