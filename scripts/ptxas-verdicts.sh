#!/usr/bin/env bash
# Regenerates crates/ptx/tests/ptxas/verdicts.txt: ptxas 13.0's verdicts on one-instruction PTX
# cases mutated from the corpus (type words, modifiers, immediates, operand types, targets,
# versions), which crates/ptx/tests/ptxas_agreement.rs requires our validator to match.
#
#   scripts/ptxas-verdicts.sh            # needs NVIDIA's ptxas; installs it like scripts/test.sh
#
# It runs crates/ptx/examples/ptxas_diff.rs (about 10 minutes on 2 cores: ~140k mutants in
# batches), which also prints the disagreements (FALSE ACCEPT: ptxas rejects, we accept; FALSE
# REJECT: the reverse) and their counts. Review the diff of the verdict file before committing.
# While fixing one family, run the example alone, e.g.
#   cargo run --release -p cuprite-ptx --example ptxas_diff -- --only wmma,tex --recheck
# (seconds: only those opcodes' mutants, disagreements re-asked one case at a time).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if ! command -v ptxas >/dev/null; then
    # shellcheck source=/dev/null
    source "$root/scripts/nvcc-env.sh" "${NVTOOL_DIR:-/tmp/nvtool}"
fi
cd "$root"
cargo run --release -p cuprite-ptx --example ptxas_diff -- --write crates/ptx/tests/ptxas/verdicts.txt "$@"
