#!/bin/sh
# SPDX-License-Identifier: MIT
# sshd ForceCommand for the SSH tests: answers like a switch CLI from recorded outputs.
#   replay.sh DEVICE MAPFILE     (MAPFILE: "command<TAB>file" lines; file "!STATUS:MESSAGE" refuses)
# With SSH_ORIGINAL_COMMAND (exec) it prints one command's output; without, it is an interactive
# CLI with a "DEVICE# " prompt. The device "shellonly" fails every exec with no output.
dev=$1
map=$2
serve() {
	[ "$1" = "terminal length 0" ] && return 0
	f=$(awk -F '\t' -v c="$1" '$1 == c { print $2; exit }' "$map")
	case "$f" in
	'!'*)	# "!STATUS:MESSAGE": the device refuses the command (stderr, exit status)
		r=${f#!}
		echo "${r#*:}" >&2
		return "${r%%:*}" ;;
	esac
	if [ -n "$f" ]; then
		cat "$f"
		return 0
	fi
	echo "% Invalid command at '^' marker."
	return 1
}
if [ -n "$SSH_ORIGINAL_COMMAND" ]; then
	[ "$dev" = shellonly ] && exit 1
	serve "$SSH_ORIGINAL_COMMAND"
	exit $?
fi
printf '%s# ' "$dev"
while IFS= read -r line; do
	line=$(printf '%s' "$line" | tr -d '\r')
	[ -n "$line" ] && serve "$line"
	printf '%s# ' "$dev"
done
