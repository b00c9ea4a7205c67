#!/usr/bin/env bash
# tr_seed_build (scripts/lib.sh): a worktree's build started from a copy of
# another worktree's build recompiles exactly the files that differ between
# the two commits, and its records name the new tree. A two-file project
# with make stands in for the kernel (same mtime rules, a second or two).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/tests/tap.sh
. "$here/tap.sh"
# shellcheck source=scripts/lib.sh
. "$here/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
g() { git -c user.name=t -c user.email=t@t -c advice.detachedHead=false "$@"; }

a=$tmp/a/src b=$tmp/b/src
mkdir -p "$a"
cat >"$a/Makefile" <<'EOF'
OUT ?= build
all: $(OUT)/one.o $(OUT)/two.o
$(OUT)/%.o: %.c
	@mkdir -p $(OUT)
	@echo "$<" >>$(OUT)/compiled
	@cp $< $@
	@echo "cmd := cp $(CURDIR)/$< $@" >$(OUT)/.$*.o.cmd
EOF
echo one >"$a/one.c"
echo two >"$a/two.c"
g -C "$a" init -q
echo '/build*/' >>"$a/.git/info/exclude"
g -C "$a" add -A && g -C "$a" commit -q -m base && g -C "$a" tag base
mkdir -p "$tmp/b"
g -C "$a" worktree add -q --detach "$b" base
echo 'two, changed' >"$b/two.c"
g -C "$b" commit -q -a -m change

make -s -C "$a" >/dev/null
echo "$(g -C "$a" rev-parse HEAD) cfg" >"$a/build/.build.key"
# The second worktree's checkout is newer than the first's objects.
touch "$b/one.c" "$b/Makefile"
tr_seed_build "$b" "$a" "$a/build" "$b/build"
: >"$b/build/compiled"
make -s -C "$b" >/dev/null

expect "seed: only the file that differs is compiled again" test "$(cat "$b/build/compiled")" = two.c
expect "seed: the rebuilt object has the new content" grep -qx 'two, changed' "$b/build/two.o"
expect "seed: the records name the new tree" grep -qF "$b/one.c" "$b/build/.one.o.cmd"
expect "seed: nothing names the tree it was copied from" bash -c "! grep -rqF '$a/' '$b/build'"
expect "seed: the copy has no build key of its own" test ! -e "$b/build/.build.key"
expect "seed: the source build is untouched" test "$(cat "$a/build/compiled")" = "$(printf 'one.c\ntwo.c')"

# A third worktree whose other build directory (another variant) was made at
# a commit where one.c differed; HEAD has one.c as in base again. Seeding
# must not date one.c back behind that directory's object.
c=$tmp/c/src
mkdir -p "$tmp/c"
g -C "$a" worktree add -q --detach "$c" base
echo 'one, v1' >"$c/one.c"
g -C "$c" commit -q -a -m v1
make -s -C "$c" OUT=build-other >/dev/null
echo "$(g -C "$c" rev-parse HEAD) cfg" >"$c/build-other/.build.key"
echo one >"$c/one.c"
g -C "$c" commit -q -a -m v2
tr_seed_build "$c" "$a" "$a/build" "$c/build"
make -s -C "$c" OUT=build-other >/dev/null
expect "seed: the tree's other build directory does not keep a stale object" \
	grep -qx one "$c/build-other/one.o"
# A later change in the seeded tree is seen as usual.
echo 'one, changed' >"$b/one.c"
: >"$b/build/compiled"
make -s -C "$b" >/dev/null
expect "seed: an edit after seeding is compiled" test "$(cat "$b/build/compiled")" = one.c
tap_done
