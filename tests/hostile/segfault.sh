#!/bin/sh
# Dies by SIGSEGV: RE naming the signal.
kill -SEGV $$
