//===- embed_ptx.cpp - check and fix PTX with ProxyFence::PTX ------------===//
//
// Reads the PTX kernel below (kept in the source), checks it, inserts the
// missing fence and checks the result again:
//
//   1. checkPTX must report the missing fence.proxy.async between the
//      generic st.shared and the TMA store that reads the same bytes;
//   2. fixPTX inserts it (the rest of the text is kept byte for byte);
//   3. the fixed text must check clean.
//
// Prints the findings, the fixed kernel and the re-check; exit status 0 when
// all three hold, 1 otherwise. Needs no MLIR.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/PTX/Analysis.h"
#include "proxyfence/PTX/Reader.h"

#include "llvm/Support/raw_ostream.h"

// Every thread writes its word of `tile` through the generic proxy
// (st.shared), a barrier publishes the writes, and thread 0 stores the tile
// to global memory with TMA (cp.async.bulk.tensor, the async proxy). A
// `fence.proxy.async.shared::cta` must order the writes before the TMA
// store reads them; there is none.
static const char *const kKernel = R"(.version 8.0
.target sm_90a
.address_size 64

.shared .align 128 .b8 tile[4096];

.visible .entry store_tile(
	.param .u64 store_tile_param_0
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<2>;
	ld.param.u64 	%rd1, [store_tile_param_0];
	mov.u32 	%r1, %tid.x;
	shl.b32 	%r2, %r1, 2;
	mov.u32 	%r3, tile;
	add.s32 	%r4, %r3, %r2;
	st.shared.u32 	[%r4], %r1;
	bar.sync 	0;
	setp.ne.s32 	%p1, %r1, 0;
	@%p1 bra 	$L_done;
	mov.b32 	%r5, 0;
	cp.async.bulk.tensor.1d.global.shared::cta.bulk_group [%rd1, {%r5}], [%r3];
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group.read 0;
$L_done:
	ret;
}
)";

/// Prints `findings` and returns how many are missing fences.
static unsigned
printFindings(const std::vector<proxyfence::Finding> &findings) {
  unsigned missing = 0;
  for (const proxyfence::Finding &finding : findings) {
    if (finding.kind == proxyfence::FindingKind::MissingFence)
      ++missing;
    llvm::outs() << finding.primary.ir.str() << ": "
                 << proxyfence::getSeverity(finding) << ": "
                 << proxyfence::stringifyFindingKind(finding.kind) << ": "
                 << finding.message << "\n";
  }
  return missing;
}

/// Reads `text` into `module`; reports malformed PTX.
static bool read(llvm::StringRef path, llvm::StringRef text,
                 proxyfence::ptx::Module &module) {
  proxyfence::ptx::ReadError error;
  if (proxyfence::ptx::readModule(path, text, module, error))
    return true;
  llvm::errs() << path << ":" << error.position.line << ":"
               << error.position.column << ": error: " << error.message << "\n";
  return false;
}

int main() {
  proxyfence::ptx::Module module;
  if (!read("embedded.ptx", kKernel, module))
    return 1;

  std::vector<proxyfence::Finding> findings = proxyfence::ptx::checkPTX(module);
  llvm::outs() << "check: " << findings.size() << " finding(s)\n";
  if (printFindings(findings) == 0) {
    llvm::errs() << "embed-ptx: the missing fence was not reported\n";
    return 1;
  }

  unsigned inserted = 0;
  std::string fixed = proxyfence::ptx::fixPTX(module, inserted);
  llvm::outs() << "fix: inserted " << inserted << " fence(s)\n" << fixed;

  proxyfence::ptx::Module fixedModule;
  if (!read("fixed.ptx", fixed, fixedModule))
    return 1;
  std::vector<proxyfence::Finding> after =
      proxyfence::ptx::checkPTX(fixedModule);
  llvm::outs() << "re-check: " << after.size() << " finding(s)\n";
  printFindings(after);
  return inserted != 0 && after.empty() ? 0 : 1;
}
