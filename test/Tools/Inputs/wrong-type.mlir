tt.func @f(%p: !tt.ptr<f16>) {
  %x = tt.load %p : !tt.ptr<f32>
  tt.return
}
