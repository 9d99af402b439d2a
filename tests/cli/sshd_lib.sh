# SPDX-License-Identifier: MIT
# Sourced by the tests that collect over SSH against the real OpenSSH sshd on loopback: one sshd on
# one port, listening on several 127.0.0.N addresses, each address a device with a ForceCommand of
# its own. Skips (exit 77) without root or sshd. After sourcing, the current directory is $t, a
# scratch directory removed on exit together with the sshd and every process it started there;
# hostkey and client (an ed25519 key authorized for root) are in it; $P is the port; fail() ends
# the test.
#   sshd_config_head yes|no N...   the common sshd_config lines (password authentication yes or no),
#                                  listening on 127.0.0.N:$P
#   sshd_start                     runs sshd on ./sshd_config (log: sshd.log), waits until it answers
#   known_hosts_for N...           known_hosts lines with the host key for those addresses
[ "$(id -u)" -eq 0 ] || { echo "SKIP: sshd needs root"; exit 77; }
[ -x /usr/sbin/sshd ] || { echo "SKIP: /usr/sbin/sshd not installed"; exit 77; }
t=$(mktemp -d); chmod 755 "$t"; pid=""
sshd_cleanup() {
	[ -n "$pid" ] && kill "$pid" 2>/dev/null
	pkill -f -- "$t/" 2>/dev/null || true   # a session's ForceCommand left waiting (a hang test)
	wait 2>/dev/null || true
	rm -rf "$t"
}
trap sshd_cleanup EXIT
cd "$t"
fail() { echo "FAIL: $*"; exit 1; }
ssh-keygen -q -t ed25519 -N '' -f hostkey
ssh-keygen -q -t ed25519 -N '' -f client
cp client.pub authorized_keys
mkdir -p /run/sshd
P=$(${PY:-/usr/bin/python3} -c 'import socket; s=socket.socket(); s.bind(("",0)); print(s.getsockname()[1])')
sshd_first=""

sshd_config_head() {
	local pw=$1 i
	shift
	sshd_first=$1
	echo "Port $P"
	for i; do echo "ListenAddress 127.0.0.$i:$P"; done
	echo "HostKey $t/hostkey"
	echo "PidFile $t/sshd.pid"
	echo "AuthorizedKeysFile $t/authorized_keys"
	echo "StrictModes no"
	echo "UsePAM no"
	echo "PermitRootLogin yes"
	echo "PasswordAuthentication $pw"
	echo "KbdInteractiveAuthentication no"
	echo "LogLevel ERROR"
}

sshd_start() {
	local i
	/usr/sbin/sshd -D -e -f sshd_config 2> sshd.log &
	pid=$!
	for i in $(seq 50); do (echo > "/dev/tcp/127.0.0.$sshd_first/$P") 2>/dev/null && break; sleep 0.1; done
}

known_hosts_for() {
	local i
	for i; do echo "[127.0.0.$i]:$P $(cut -d' ' -f1,2 hostkey.pub)"; done
}
