"""A real OpenSSH server on 127.0.0.1 for tests and benchmarks of scan --host.

Debian's sshd on a free port with a throwaway host key and client key; a client config (the user's
own settings: StrictHostKeyChecking yes, the host key already known) that names host aliases, reached
through PTRIAGE_SSH_COMMAND="ssh -F CONFIG"; a hosts file in a private XDG_CONFIG_HOME; and, for the
failure cases, an alias for a closed port ("dead") and one for a port that accepts and never speaks
("hang"). Needs root (sshd's privilege separation directory) and /usr/sbin/sshd.
"""
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def available():
    return os.path.exists("/usr/sbin/sshd") and os.geteuid() == 0


class LoopbackSshd:
    def __init__(self, aliases, hosts_file, machines=None):
        """`aliases`: host names that reach this machine's server; `hosts_file`: the lines of the hosts
        file. `machines`: more hosts, alias → boot id, each a server of its own in PID and mount
        namespaces of its own where /proc says that boot id: what is started through it is another
        machine's as far as identities go (its own pids, its own boot)."""
        self.dir = tempfile.mkdtemp(prefix="ptriage-sshd-")
        d = self.dir
        for key in ("host_key", "client_key"):
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", f"{d}/{key}"], check=True)
        # The "host" keeps its own data and config (journal, sessions) in the test's directory, not
        # in the home of the user the tests run as.
        with open(f"{d}/client_key.pub") as f, open(f"{d}/authorized_keys", "w") as out:
            out.write(f'environment="XDG_DATA_HOME={d}/remote-data",environment="XDG_CONFIG_HOME={d}/remote-config" '
                      + f.read())
        self.port = free_port()
        self.machines = {alias: (free_port(), boot) for alias, boot in (machines or {}).items()}
        with open(f"{d}/host_key.pub") as f:
            host_key = f.read().strip()
        with open(f"{d}/known_hosts", "w") as f:
            for port in [self.port] + [port for port, _ in self.machines.values()]:
                f.write(f"[127.0.0.1]:{port} {host_key}\n")
        self.silent = socket.socket()
        self.silent.bind(("127.0.0.1", 0))
        self.silent.listen(8)
        self.held = []
        threading.Thread(target=self._hold, daemon=True).start()
        dead = free_port()  # nothing listens there once its socket is closed
        user = os.environ.get("USER") or "root"
        common = (
            f"  User {user}\n  IdentityFile {d}/client_key\n  IdentitiesOnly yes\n"
            f"  UserKnownHostsFile {d}/known_hosts\n  StrictHostKeyChecking yes\n"
        )
        self.aliases = list(aliases)
        with open(f"{d}/ssh_config", "w") as f:
            f.write(f"Host {' '.join(self.aliases)}\n  HostName 127.0.0.1\n  Port {self.port}\n{common}")
            f.write(f"Host dead\n  HostName 127.0.0.1\n  Port {dead}\n{common}")
            f.write(f"Host hang\n  HostName 127.0.0.1\n  Port {self.silent.getsockname()[1]}\n{common}")
            for alias, (port, _) in self.machines.items():
                f.write(f"Host {alias}\n  HostName 127.0.0.1\n  Port {port}\n{common}")
        os.makedirs(f"{d}/config/ptriage")
        with open(f"{d}/config/ptriage/hosts", "w") as f:
            f.write("".join(line + "\n" for line in hosts_file))
        os.makedirs(f"{d}/runtime", mode=0o700)
        os.makedirs("/run/sshd", exist_ok=True)
        self.servers = [self._start(self.port, None)]
        self.servers += [self._start(port, boot) for port, boot in self.machines.values()]
        self.env = dict(
            os.environ,
            PTRIAGE_SSH_COMMAND=f"ssh -F {d}/ssh_config",
            XDG_CONFIG_HOME=f"{d}/config",
            XDG_DATA_HOME=f"{d}/local-data",  # this machine's journal: never the person's own
            XDG_RUNTIME_DIR=f"{d}/runtime",
            LANG="C.UTF-8",
        )

    def _start(self, port, boot_id):
        d = self.dir
        with open(f"{d}/sshd_config.{port}", "w") as f:
            f.write(
                f"Port {port}\nListenAddress 127.0.0.1\nHostKey {d}/host_key\n"
                f"AuthorizedKeysFile {d}/authorized_keys\nPidFile {d}/sshd.{port}.pid\nUsePAM no\nStrictModes no\n"
                "PermitRootLogin prohibit-password\nPasswordAuthentication no\n"
                "KbdInteractiveAuthentication no\nLogLevel ERROR\nMaxSessions 64\nMaxStartups 64\n"
                "PermitUserEnvironment XDG_DATA_HOME,XDG_CONFIG_HOME\n"
            )
        sshd = ["/usr/sbin/sshd", "-D", "-e", "-f", f"{d}/sshd_config.{port}"]
        if boot_id:
            with open(f"{d}/boot_id.{port}", "w") as f:
                f.write(boot_id + "\n")
            sshd = ["unshare", "--pid", "--fork", "--mount", "--mount-proc", "--kill-child", "sh", "-c",
                    f"mount --bind {d}/boot_id.{port} /proc/sys/kernel/random/boot_id && exec " + " ".join(sshd)]
        server = subprocess.Popen(sshd)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.05)
        return server

    def _hold(self):
        while True:
            try:
                conn, _ = self.silent.accept()
            except OSError:
                return
            self.held.append(conn)

    def add_alias(self, alias, hosts_line=None):
        with open(f"{self.dir}/ssh_config") as f:
            config = f.read()
        with open(f"{self.dir}/ssh_config", "w") as f:
            f.write(config.replace(f"Host {' '.join(self.aliases)}\n", f"Host {' '.join(self.aliases + [alias])}\n", 1))
        self.aliases.append(alias)
        if hosts_line:
            with open(f"{self.dir}/config/ptriage/hosts", "a") as f:
                f.write(hosts_line + "\n")

    def ssh(self, *args):
        return subprocess.run(["ssh", "-F", f"{self.dir}/ssh_config", "-o", "BatchMode=yes", *args],
                              capture_output=True, text=True, timeout=60)

    def close(self):
        # The shared connections' masters end with an exit request on their sockets.
        control = f"{self.dir}/runtime/ptriage-ssh"
        if os.path.isdir(control):
            for alias in self.aliases[:1] + list(self.machines):
                self.ssh("-o", f"ControlPath={control}/%C", "-O", "exit", alias)
        for server in self.servers:
            # unshare --fork ignores SIGTERM while it waits; killed, it takes its namespace along (--kill-child).
            server.kill()
            server.wait(10)
        self.silent.close()
        for c in self.held:
            c.close()
        shutil.rmtree(self.dir, ignore_errors=True)
