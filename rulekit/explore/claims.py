"""The claims of a walk shared by workers (:mod:`rulekit.explore.shared`): which worker walks each position.

A position is claimed by the first worker to reach it. The claims are one log in a directory every
worker sees: a worker claims a position by appending its fingerprint and its own number (one small
write with ``O_APPEND``, which a local file system keeps whole and puts in one order for every
writer), then reads what was appended since it last read; the first record of a fingerprint names
its claimant. Reading the log also tells a worker what the others claimed, so it turns back from
those positions without writing. (A file a claim, created exclusively, cost four times as much, and
as much again to remove.)

The log is a file, so the workers must share a file system with the parent (the local processes
of a :class:`~concurrent.futures.ProcessPoolExecutor`, a Dask cluster on this machine); the parent
makes the directory before the walk and removes it after.
"""
from __future__ import annotations

import os
import shutil
import struct
import tempfile
from array import array

LOG = "claims"             # the log, in the walk's claims directory
_CLAIM = struct.Struct("qq").pack     # a claim: the fingerprint and the claiming task, native 8-byte integers
_RECORD = struct.calcsize("qq")
_READ = 1 << 16            # bytes a read of the log takes in at most


def claims_directory() -> str:
    """A fresh directory for the claims of one walk (in memory where the system has /dev/shm)."""
    where = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
    return tempfile.mkdtemp(prefix="rulekit-claims-", dir=where)


def remove_claims(directory: str) -> None:
    shutil.rmtree(directory, ignore_errors=True)


class ClaimLog:
    """One worker's end of a walk's claims: ``with log:`` opens it, :meth:`claim` claims, and
    :attr:`owner` holds each fingerprint read so far with the task that claimed it."""

    def __init__(self, directory: str, task: int):
        self.directory = directory
        self.task = task
        self.owner: dict = {}                # fingerprint -> the task that claimed it (the log read so far)
        self._buffer = bytearray(_READ)      # what a read of the log takes in
        self._view = memoryview(self._buffer)
        self._kept = 0                       # bytes at its start: a record not yet whole when last read
        self._append = self._tail = -1

    def __enter__(self) -> "ClaimLog":
        path = os.path.join(self.directory, LOG)
        self._append = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        self._tail = os.open(path, os.O_RDONLY)
        return self

    def __exit__(self, *_exc) -> None:
        for fd in (self._append, self._tail):
            if fd >= 0:
                os.close(fd)
        self._append = self._tail = -1

    def claim(self, f: int) -> bool:
        """Append a claim of ``f``, read the log up to it: whether this worker's claim came first."""
        os.write(self._append, _CLAIM(f, self.task))
        self.read()
        return self.owner[f] == self.task

    def read(self) -> None:
        """Take in the claims appended since the last read: each fingerprint's first claimant. (Read
        into one buffer kept for the walk: a fresh buffer a read would cost more than the read.)"""
        owner, buffer, view, kept = self.owner, self._buffer, self._view, self._kept
        while True:
            end = kept + os.readv(self._tail, [view[kept:]])
            whole = end - end % _RECORD
            if whole:
                records = array("q")
                records.frombytes(view[:whole])
                # reversed, so that of a fingerprint claimed twice in this read the first claim is kept
                owner.update({f: t for f, t in zip(reversed(records[0::2]), reversed(records[1::2]))
                              if f not in owner})
                buffer[:end - whole] = buffer[whole:end]           # the start of a record not yet whole
            kept = end - whole
            if end < len(buffer):
                break
        self._kept = kept
