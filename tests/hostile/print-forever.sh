#!/bin/sh
# Floods stdout: OLE at the output cap.
exec yes true
