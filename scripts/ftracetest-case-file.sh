#!/usr/bin/env bash
# ftracetest-case-file.sh DIR CASE: the .tc file (relative to DIR, the
# ftracetest directory) of a case named as ftracetest-cases.sh names it:
# "DESCRIPTION", "DESCRIPTION [N]" for the Nth file with that description
# in ftracetest's order (sorted paths), "(instance)  DESCRIPTION" for the
# run in an instance of a file flagged instance. Fails, saying why, when
# there is no such file.
set -euo pipefail
dir=${1:?usage: ftracetest-case-file.sh DIR CASE}
case=${2:?usage: ftracetest-case-file.sh DIR CASE}
desc=$case nth=1
if [[ $case =~ ^(.*)\ \[([0-9]+)\]$ ]]; then
	desc=${BASH_REMATCH[1]} nth=${BASH_REMATCH[2]}
fi
instance=""
if [[ $desc == "(instance) "* ]]; then
	instance=1
	desc=${desc#"(instance) "}
fi
# ftracetest prints the description with the space after "description:",
# through printf (a "%%" in the file is printed "%")
desc=${desc# }
files=()
while IFS= read -r f; do
	[ -z "$instance" ] || grep -qE '^#[[:space:]]*flags:.*instance' "$f" || continue
	files+=("$f")
done < <(grep -rlx --include='*.tc' -E -- "#[[:space:]]*description:[[:space:]]*$(printf '%s' "$desc" | sed 's/[][\\.*^$+?(){}|]/\\&/g; s/%/%%?/g')[[:space:]]*" "$dir/test.d" | LC_ALL=C sort)
if [ "$nth" -lt 1 ] || [ "$nth" -gt "${#files[@]}" ]; then
	echo "no .tc file for the case '$case' in $dir/test.d (${#files[@]} with its description${instance:+, flagged instance})" >&2
	exit 1
fi
echo "${files[$((nth - 1))]#"$dir"/}"
