#!/bin/bash
# bash bench/ab/run.sh <inprocess|loopback> [commit, default HEAD]: copies the commit's
# packages/sdk/src to bench/ab/base (git-ignored), compiles the A/B entry and runs it with the
# pinned Node. Options by environment: ROUNDS, BLOCK, WIDTH (loopback).
set -e
cd "$(dirname "$0")/../.."
rm -rf bench/ab/base && mkdir -p bench/ab/base
git archive "${2:-HEAD}" packages/sdk/src | tar -x -C bench/ab/base
out=$(npm exec -- tsx -e "import('./bench/support/compile.ts').then((m) => m.compile('$PWD/bench/ab/$1.ts', 'ab-$1')).then(console.log)")
npm exec -- node --expose-gc "$out"
