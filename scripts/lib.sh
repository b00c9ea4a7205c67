# shellcheck shell=bash
# Common settings and helpers for the host-side scripts. Source it, do not run it.

TR_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Everything big (kernel trees, builds, images, ccache) lives here, never in the checkout.
TR_CACHE=${TRACEFS_RELOC_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tracefs-relocation}
TR_OUT=${TRACEFS_RELOC_OUT:-$TR_TOP/out}
export TR_TOP TR_CACHE TR_OUT

# Kernel versions are data: each folder kernel/<version>/ with a "package"
# file is one (kernel/6.1, kernel/6.12). It holds what makes that kernel:
#   package          the Debian source package, the version the series was
#                    verified on, the tarball, Debian's production config
#   patches/         the series (git format-patch files + series)
#   config/          fragments added to the shared kernel/config ones
#                    (same layout: *.config, debug/, combos/, debian/)
#   expected*.tsv    what this version's kernels are expected to fail, with
#                    the cause (added to tools-check/expected*.tsv)
#   fixtures/        deliberately broken patches on top of the series
# TRACEFS_RELOC_VERSIONS="6.1 ..." restricts a run to some of them;
# TRACEFS_RELOC_VERSION (make V=...) picks the one a bare kernel id such as
# "patched" means: the newest by default.
tr_versions_all() {
	local d
	for d in "$TR_TOP"/kernel/*/package; do
		[ -f "$d" ] || continue
		d=${d%/package}
		echo "${d##*/}"
	done | sort -V
}
# tr_versions_default: the versions a run takes when none are named: every
# folder except one whose package says "status: porting" (a series still
# being ported: make check VERSIONS="6.1 6.12" runs it).
tr_versions_default() {
	local v
	for v in $(tr_versions_all); do
		[ "$(sed -n 's/^status: *//p' "$TR_TOP/kernel/$v/package" | head -n 1)" = porting ] || echo "$v"
	done
}
TR_VERSIONS=${TRACEFS_RELOC_VERSIONS:-$(tr_versions_default | paste -sd' ')}
TR_VERSION=${TRACEFS_RELOC_VERSION:-${TR_VERSIONS##* }}
[ -n "$TR_VERSION" ] || { echo "ERROR: no kernel version folder (kernel/<version>/package) in $TR_TOP/kernel" >&2; exit 1; }
TR_KERNELS="" TR_DEBUG_KERNELS=""
for _v in $TR_VERSIONS; do
	[ -f "$TR_TOP/kernel/$_v/package" ] || { echo "ERROR: no kernel version $_v (kernel/$_v/package)" >&2; exit 1; }
	TR_KERNELS="$TR_KERNELS $_v-baseline $_v-patched"
	TR_DEBUG_KERNELS="$TR_DEBUG_KERNELS $_v-baseline-debug $_v-patched-debug"
done
unset _v
TR_KERNELS=${TR_KERNELS# } TR_DEBUG_KERNELS=${TR_DEBUG_KERNELS# }
export TR_VERSIONS TR_VERSION TR_KERNELS TR_DEBUG_KERNELS

# tr_vget VERSION KEY: a value from kernel/VERSION/package ("key: value").
tr_vget() {
	sed -n "s/^$2: *//p" "$TR_TOP/kernel/$1/package" | head -n 1
}
# tr_series_dir VERSION: the version's series (TRACEFS_RELOC_SERIES_DIR
# overrides it, for the tests of prepare-tree.sh).
tr_series_dir() { echo "${TRACEFS_RELOC_SERIES_DIR:-$TR_TOP/kernel/$1/patches}"; }

# A kernel id is VERSION-TREE[-VARIANT]: 6.1-baseline, 6.12-patched,
# 6.1-patched-debug, 6.12-patched-cfg-hotplug. An id without a version
# (patched, baseline-debug) means TR_VERSION's.
#
# Tree layout: each kernel tree is a git worktree trees/<tree>/src of the
# version's pristine tree (trees/<version>-baseline/src), and builds out of
# tree in a directory right inside it
# (src/build, src/build-debug; git ignores them). Kbuild then uses the
# relative srctree "..", so the compiler command lines are the same in every
# tree: ccache (with CCACHE_BASEDIR) shares objects between trees, and a
# copy of baseline's build directory is up to date for a worktree of the
# pristine commit (build-kernel.sh seeds new trees that way).
# Variants: "-debug" builds the same tree with kernel/config/debug/*.config
# added (KASAN, lockdep, kmemleak...) in a build directory of its own;
# "-cfg-NAME" with kernel/config/combos/NAME.config added (make
# check-configs: DEBUG_FS=n, TRACING=n, ...);
# "-debian" starts from Debian's production configuration (the version's
# debian-config) instead of tinyconfig and the guest fragments, with
# kernel/config/debian/*.config on top (make check-production); it is a
# tree of its own (VERSION-patched-debian), so that its long build never
# shares a tree with the builds make check and check-configs seed and clean.
tr_id() {
	local v
	for v in $(tr_versions_all); do
		case $1 in "$v"-*) echo "$1"; return ;; esac
	done
	echo "$TR_VERSION-$1"
}
# tr_version ID: the version part of an id.
tr_version() {
	local id
	id=$(tr_id "$1")
	local v best=""
	for v in $(tr_versions_all); do
		case $id in "$v"-*) [ ${#v} -le ${#best} ] || best=$v ;; esac
	done
	echo "$best"
}
# tr_role ID: the tree without its version: baseline, patched, bisect...
tr_role() {
	local t
	t=$(tr_tree "$1")
	echo "${t#"$(tr_version "$1")"-}"
}
tr_tree() {
	local id
	id=$(tr_id "$1")
	case $id in
	*-debug) echo "${id%-debug}" ;;
	*-cfg-*) echo "${id%%-cfg-*}" ;;
	*) echo "$id" ;;
	esac
}
tr_variant() {
	case $1 in
	*-debug) echo debug ;;
	*-cfg-*) echo "cfg-${1#*-cfg-}" ;;
	*-debian) echo debian ;;
	*) echo "" ;;
	esac
}
# tr_frags VERSION [SUBDIR]: the config fragments of a version: the shared
# kernel/config[/SUBDIR]/*.config, then kernel/VERSION/config[/SUBDIR]/*.config.
tr_frags() {
	local d
	for d in "$TR_TOP/kernel/config${2:+/$2}" "$TR_TOP/kernel/$1/config${2:+/$2}"; do
		[ -d "$d" ] && find "$d" -maxdepth 1 -name '*.config' | LC_ALL=C sort
	done
	return 0
}
# tr_variant_frags VARIANT VERSION: the config fragments a variant adds.
tr_variant_frags() {
	local f
	case $1 in
	"") ;;
	cfg-*)
		for f in "$TR_TOP/kernel/config/combos/${1#cfg-}.config" "$TR_TOP/kernel/$2/config/combos/${1#cfg-}.config"; do
			[ ! -f "$f" ] || echo "$f"
		done
		;;
	*) tr_frags "$2" "$1" ;;
	esac
}
tr_src() { echo "$TR_CACHE/trees/$(tr_tree "$1")/src"; }
tr_build() {
	local v
	v=$(tr_variant "$1")
	echo "$(tr_src "$1")/build${v:+-$v}"
}
tr_bzimage() { echo "$(tr_build "$1")/arch/x86/boot/bzImage"; }

tr_log() { printf '==> %s\n' "$*" >&2; }
tr_warn() { printf 'WARNING: %s\n' "$*" >&2; }
tr_die() { printf 'ERROR: %s\n' "$*" >&2; exit 1; }

# tr_phase NAME CMD...: run one phase and print its wall time.
tr_phase() {
	local name=$1 start rc=0
	shift
	start=$(date +%s)
	tr_log "phase $name: start"
	"$@" || rc=$?
	tr_log "phase $name: $((rc == 0 ? 0 : rc)) exit, $(($(date +%s) - start)) s"
	mkdir -p "$TR_OUT"
	printf '%s\t%s\t%s\n' "$name" "$(($(date +%s) - start))" "$rc" >>"$TR_OUT/phases.tsv"
	return "$rc"
}

# tr_env_get FILE VAR [DEFAULT]: the value a shell file of assignments (a
# scenario's .env, a fixture's fixture.env) gives VAR, read in a child sh.
tr_env_get() { sh -c ". '$1'; echo \"\${$2:-${3:-}}\""; }

# Hash of a list of files (and their names), for "rebuild only when inputs change".
tr_hash_files() {
	local f
	for f in "$@"; do
		# The name inside the checkout, not where the checkout is.
		printf '%s\n' "${f#"$TR_TOP"/}"
		cat "$f"
	done | sha256sum | cut -d' ' -f1
}

# tr_series_patches VERSION: the patch files of the version's series, in order.
tr_series_patches() {
	local dir line
	dir=$(tr_series_dir "${1:?tr_series_patches VERSION}")
	[ -f "$dir/series" ] || return 0
	while IFS= read -r line || [ -n "$line" ]; do
		line=${line%%#*}
		line=$(echo "$line" | tr -d '[:space:]')
		[ -n "$line" ] && echo "$dir/$line"
	done <"$dir/series"
}

# git with an identity of its own, for the cache's kernel trees.
tr_git() { git -c gc.auto=0 -c user.name=tracefs-relocation -c user.email=build@localhost "$@"; }

# tr_seed_build SRC SEED_SRC SEED DEST: start the build directory DEST of
# the worktree SRC from a copy of SEED, a finished build of another worktree
# SEED_SRC with the same configuration (the caller checks that); the first
# word of SEED/.build.key is the commit SEED was built from. SRC's files are
# dated back before every object, except the files that differ between that
# commit and SRC's HEAD, so make rebuilds those and what depends on them.
# Build records that hold absolute paths (objtool's, perf's) are rewritten,
# with their dates kept, to name SRC and DEST. SRC must be a clean worktree.
tr_seed_build() {
	local src=$1 seed_src=$2 seed=$3 dest=$4 f t list
	find "$src" -mindepth 1 \( -path "$src/.git" -o -path "$src/build*" \) -prune \
		-o -print0 | xargs -0 touch -h -d @946684800
	git -C "$src" diff --name-only -z "$(cut -d' ' -f1 "$seed/.build.key")" HEAD |
		(cd "$src" && xargs -0 -r touch -h -c)
	# The tree's other build directories (the other variant, perf) were
	# built from some commit; what differs between it and HEAD must stay
	# newer than their objects. One with no finished commit is dropped.
	list=$(mktemp)
	for f in "$src"/build "$src"/build-* "$(dirname "$src")/perf"; do
		[ -d "$f" ] && [ "$f" != "$dest" ] || continue
		t=$(cut -d' ' -f1 "$f/.build.key" 2>/dev/null || true)
		if [ -z "$t" ] || ! git -C "$src" diff --name-only -z "$t" HEAD >"$list" 2>/dev/null; then
			rm -rf "$f"
			continue
		fi
		(cd "$src" && xargs -0 -r touch -h -c) <"$list"
	done
	rm -f "$list"
	rm -rf "$dest.seed"
	cp -a "$seed" "$dest.seed"
	rm -f "$dest.seed/.build.key"
	while IFS= read -r -d '' f; do
		t=$(stat -c %y "$f")
		sed -i -e "s#$seed/#$dest/#g" -e "s#$seed_src/#$src/#g" "$f"
		touch -h -d "$t" "$f"
	done < <(grep -rlZF --include='.*.cmd' --include='*.d' -e "$seed/" -e "$seed_src/" "$dest.seed")
	mv "$dest.seed" "$dest"
}

# tr_worktree_at_base ID: the tree of kernel id ID, a worktree of its
# version's pristine tree, reset to the pristine commit (created if missing;
# an interrupted git am is undone).
tr_worktree_at_base() {
	local dir base_src
	dir=$(tr_src "$1")
	base_src=$(tr_src "$(tr_version "$1")-baseline")
	if [ ! -e "$dir/.git" ]; then
		rm -rf "$dir"
		mkdir -p "$(dirname "$dir")"
		git -C "$base_src" worktree prune
		tr_git -C "$base_src" worktree add -q --detach "$dir" base
	fi
	tr_git -C "$dir" am --abort >/dev/null 2>&1 || true
	tr_git -C "$dir" checkout -q -f --detach base
	tr_git -C "$dir" clean -q -f -d
}

# tr_summarize RESULTS_TSV T0: the closing lines of a run made from one
# results file (evaluate.sh's model): every FAIL/XPASS, the total time since
# T0, how many of the passes are expected failures, and "N passed, N
# failed"; fails when anything failed or nothing ran.
tr_summarize() {
	local res=$1 t0=$2 passed failed
	awk -F'\t' '$6 == "FAIL" || $6 == "XPASS" {print "FAILED: " $1 "/" $2 "/" $3 " (" $6 ")" ($7 != "" ? ": " $7 : "")}' "$res"
	passed=$(awk -F'\t' '$6 == "PASS" || $6 == "XFAIL"' "$res" | wc -l)
	failed=$(awk -F'\t' '$6 == "FAIL" || $6 == "XPASS"' "$res" | wc -l)
	echo "total time $(($(date +%s) - t0)) s"
	[ "$passed" -gt 0 ] || { echo "FAILED: no result at all"; failed=$((failed + 1)); }
	echo "of the passed, $(awk -F'\t' '$6 == "XFAIL"' "$res" | wc -l) are expected failures (each failed for its stated cause; by cause in the report)"
	echo "$passed passed, $failed failed"
	[ "$failed" = 0 ]
}

# tr_norm_reports SRC: compiler, sparse, coccinelle and kernel-doc reports
# on stdin without line and column numbers (they move with the series) and
# with paths relative to the source tree SRC; sorted, for comm.
tr_norm_reports() {
	sed -E -e 's#^(\.\./)+##' -e "s#$1/##g" \
		-e 's#^([^ :]+):[0-9]+(:[0-9]+(-[0-9]+)?)?:#\1:#' -e 's#(line|lines) [0-9]+(-[0-9]+)?#\1 N#g' |
		{ grep -vE '^ *$' || true; } | LC_ALL=C sort
}

# tr_kbuild_env: the environment of every kernel compile (build-kernel.sh,
# check-configs.sh): one ccache shared by the trees, reproducible build
# stamps.
tr_kbuild_env() {
	export CCACHE_DIR=${CCACHE_DIR:-$TR_CACHE/ccache}
	export CCACHE_BASEDIR=$TR_CACHE/trees
	export CCACHE_NOHASHDIR=1
	export CCACHE_SLOPPINESS=time_macros,include_file_mtime,include_file_ctime
	# Depend mode: a miss does not run the preprocessor once more to hash
	# its output (the kernel's -Wp,-MMD dependency file says what was
	# read): without it every miss, so every file of a cold build, went
	# through the preprocessor twice.
	export CCACHE_DEPEND=1
	export KBUILD_BUILD_TIMESTAMP='2026-01-01'
	export KBUILD_BUILD_USER=tracefs-relocation KBUILD_BUILD_HOST=qemu
	mkdir -p "$CCACHE_DIR"
}

# tr_combos VERSION: the configuration combinations,
# kernel/config/combos/NAME.config and kernel/VERSION/config/combos/NAME.config.
tr_combos() {
	tr_frags "${1:?tr_combos VERSION}" combos | sed 's#.*/##; s/\.config$//' | LC_ALL=C sort -u
}

# tr_expectations NAME: the expected outcomes for this run's versions:
# tools-check/NAME (rows for every version; a kernel pattern without a
# version, such as "baseline" or "*", matches that tree of any version),
# then each version's kernel/VERSION/NAME with its kernel column prefixed
# "VERSION-". A seventh column names the line each row comes from.
tr_expectations() {
	local name=$1 f v
	for f in "$TR_TOP/tools-check/$name" $(for v in $TR_VERSIONS; do echo "$TR_TOP/kernel/$v/$name"; done); do
		[ -f "$f" ] || continue
		v=""
		case $f in "$TR_TOP"/kernel/*) v=${f#"$TR_TOP"/kernel/}; v=${v%%/*} ;; esac
		awk -F'\t' -v OFS='\t' -v v="$v" -v src="${f#"$TR_TOP"/}" '
			/^#/ || NF < 4 { next }
			{ if (v != "") $1 = v "-" $1; $7 = src ":" FNR; print }' "$f"
	done
}

# tr_series_hash VERSION [FILE...]: a hash of the version's series (the
# series file and its patches) and of FILE..., for "apply again only when
# the series changes".
# tr_bisect_step_keys [-s SEED] FRAGMENT... -- PATCH...: one key per patch,
# of SEED (the linux-source package's version: the tree the patches apply
# to), the config fragments and the code of patches 1..i (git patch-id
# --stable, so that a renumbered or reworded patch keeps its key): a
# bisect step with the same key built and booted the same code.
tr_bisect_step_keys() {
	local frags=() p acc seed=""
	[ "${1:-}" != -s ] || { seed=$2; shift 2; }
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		frags+=("$1")
		shift
	done
	shift
	acc=$(tr_hash_files "${frags[@]}")
	[ -z "$seed" ] || acc=$(printf '%s %s\n' "$seed" "$acc" | sha256sum | cut -d' ' -f1)
	for p in "$@"; do
		acc=$(printf '%s %s\n' "$acc" "$(git patch-id --stable <"$p" | cut -d' ' -f1)" | sha256sum | cut -d' ' -f1)
		echo "$acc"
	done
}

# tr_bisect_recorded RECORD VERSION KEY: the four lines (builds, boots,
# kernel log clean, exposes nothing new) of the step of RECORD
# (kernel/<version>/bisect.tap) whose "# step-key N KEY" is KEY, and its
# "# exposed N ..." line, when all four passed; fails otherwise.
tr_bisect_recorded() {
	local record=$1 ver=$2 key=$3 n lines
	[ -f "$record" ] || return 1
	n=$(awk -v k="$key" '$1 == "#" && $2 == "step-key" && $4 == k {print $3; exit}' "$record")
	[ -n "$n" ] || return 1
	lines=$(grep -E "^(not )?ok - bisect \(${ver//./\\.}\): (builds|boots|kernel log clean|exposes nothing new) with patches 1-$n( |\$)" "$record" |
		sed 's/ (recorded.*$//')
	[ "$(echo "$lines" | grep -c '^ok')" = 4 ] || return 1
	grep -E "^# exposed $n( |\$)" "$record" | head -n 1 | grep . || return 1
	echo "$lines"
}

tr_series_hash() {
	local ver=$1 p
	shift
	p=$(tr_series_patches "$ver")
	# shellcheck disable=SC2086 # patch paths have no spaces
	tr_hash_files "$(tr_series_dir "$ver")/series" $p "$@"
}
