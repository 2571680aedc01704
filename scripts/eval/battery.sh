#!/usr/bin/env bash
# The eval battery: every answer set (our own, real_dev and its held half, every fetched real set) and every retrieval
# set (the law sets, xquad, iApp), each run's JSON summary line kept as OUT/<name>.json and its whole output as
# OUT/<name>.log. Run it on two trees (main and a change) into two folders and compare with battery-summary.ts; the
# fit questions that moved are listed by fit-flips.ts A B (the logs hold no held question's row).
#   bash scripts/eval/battery.sh OUT [only-regex]      (a relative OUT is read from the repository root)
# EVAL_CACHE_DIR keeps the extractions (a new machine's first run OCRs every library: about 75 minutes on two
# cores; later runs take about 8 minutes); EVAL_DOCS is where restore-fetched-docs.ts put the fetched sets' documents
# (real_tu's it writes with build-real-tu.ts). A set whose documents are missing fails on its own and the rest go on.
# Run it alone: the test suite or another battery beside it makes both slow, and timing figures meaningless.
# EVAL_ARGS is added to every eval-answers and eval-retrieval command: an ablation (`--ablate synonyms`) or a
# confidence model (`--model M.json`, e.g. one weight set to 0) run across the whole battery; `--curve` (threshold curves
# for curve-compare.ts) goes to eval-answers only. LAW_ACTS adds the law sets at the scale of a law library (below).
set -uo pipefail
cd "$(dirname "$0")/../.."
out=${1:?usage: battery.sh OUT [only-regex]}
only=${2:-.}
mkdir -p "$out"
# What was measured: the commit, and any uncommitted change to the code it runs (a leftover edit in a worktree is
# measured too, and once confounded a comparison: scripts/eval/data/README.md, 3 Dec 2026)
{
  git rev-parse HEAD 2>/dev/null
  git status --porcelain -- modules scripts src 2>/dev/null
} > "$out/tree.txt"
if [[ $(wc -l < "$out/tree.txt") -gt 1 ]]; then
  echo "battery: uncommitted changes are measured too:" >&2
  tail -n +2 "$out/tree.txt" >&2
fi
bun=./node_modules/.bin/bun
D=scripts/eval/data
S=../shared/eval

run() {
  local name=$1
  shift
  [[ $name =~ $only ]] || return 0
  local t0=$SECONDS
  local extra=${EVAL_ARGS:-}
  # eval-retrieval has no threshold curve
  [[ $1 == scripts/eval-retrieval.ts ]] && extra=${extra//--curve/}
  # shellcheck disable=SC2086 # EVAL_ARGS is a list of words
  "$bun" run "$@" $extra > "$out/$name.log" 2>&1
  local code=$?
  grep -a '^{' "$out/$name.log" | tail -n 1 > "$out/$name.json"
  echo "$name: exit $code, $((SECONDS - t0)) s"
}

# --verbose: each log keeps the outcome rows the eval may print (our own sets, a halved set's fit half; never a held
# question), for fit-flips.ts; a held run (--held, --half held) prints aggregates only
run campus_dev scripts/eval-answers.ts --library A,B --verbose
run campus_dev2 scripts/eval-answers.ts --library A,B --queries $D/campus_dev2/queries.jsonl --verbose
for set in dorm exam; do
  run $set scripts/eval-answers.ts --library A,B --queries $D/$set/queries.jsonl --docs $D/$set --verbose
done
for set in leave conduct; do
  run $set scripts/eval-answers.ts --library A,B --queries $D/$set/queries.jsonl --docs $D/$set --held --json-only
done
run real_dev scripts/eval-answers.ts --set real_dev --verbose
run real_dev_held scripts/eval-answers.ts --set real_dev --half held --json-only
for set in real_more real_extra real_new real_scan real_reg real_fresh_a real_fresh_b real_fresh_c real_fresh_d real_fresh_e real_fresh_f real_fresh_g real_fresh_h real_fresh_i real_fresh_k real_fresh_l real_fresh_m real_fresh_n real_fresh_o real_fresh_p real_fresh_q real_fresh_r real_fresh_s real_fresh_t real_fresh_u real_fresh_v real_fresh_w real_fresh_x real_fresh_y real_fresh_z real_fresh_za real_fresh_zb real_fresh_zc real_fresh_zd real_fresh_ze real_vru_dev real_cal_dev real_cur_dev real_tu; do
  run $set scripts/eval-answers.ts --set $set --verbose
done
for set in act penal civil; do
  run $set scripts/eval-retrieval.ts --corpus $D/$set/corpus.jsonl --queries $D/$set/queries.jsonl --oos $D/$set/oos.jsonl
done
# The law sets at the scale of a law library, as the private law sets are (thousands of sections): with LAW_ACTS, a folder
# of PyThaiNLP/thai-law's acts (one .txt per act; scripts/eval/data/README.md, "act, penal and civil at the scale of a law
# library"), each set's own sections among ~5,000 of 81 real acts (law-distractors.ts, a fixed sample), into OUT/lawscale
if [[ -n ${LAW_ACTS:-} ]]; then
  for set in act penal civil; do
    [[ ${set}_5k =~ $only ]] || continue
    [[ -f $out/lawscale/$set/corpus.jsonl ]] ||
      "$bun" run scripts/eval/law-distractors.ts --acts "$LAW_ACTS" --out "$out/lawscale" --sections 5000 > "$out/lawscale.log" 2>&1
    run ${set}_5k scripts/eval-retrieval.ts --corpus "$out/lawscale/$set/corpus.jsonl" --queries $D/$set/queries.jsonl --oos $D/$set/oos.jsonl
  done
fi
# OCR's numbers on the scanned pages people read (ASK_REG_TEST_OCR_CACHE keeps the recognition between runs)
run ocr_numbers scripts/bench/ocr-numbers.ts
run xquad scripts/eval-retrieval.ts --corpus $S/xquad_th/corpus.jsonl --queries $S/xquad_th/queries.jsonl
run iapp scripts/eval-retrieval.ts --corpus $S/iapp_wiki_qa_valid/corpus.jsonl --queries $S/iapp_wiki_qa_valid/queries.jsonl
