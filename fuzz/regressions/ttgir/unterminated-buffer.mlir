
tt.func @local_dealloc_tensor(%v: tensor<64x64xf16>) {
  "ttg.local_dealloc"(%v) : (tensor<64x64xf16>) -> ()
  tt.return
al