#!/bin/sh
# After each backup (societydesk-backup.service): the newest backup, encrypted, to another
# host with restic, keeping the last 7 daily snapshots and deleting the data of older ones,
# so an erased person leaves the off-host copy within 7 days as they leave the local backups
# (docs/operations.md#an-encrypted-copy-off-the-host). Off unless /etc/societydesk/restic.env
# (RESTIC_REPOSITORY, RESTIC_PASSWORD_FILE) exists.
set -eu
config=${RESTIC_ENV:-/etc/societydesk/restic.env}
[ -f "$config" ] || exit 0
set -a
. "$config"
set +a
newest=$(ls -d "${BACKUP_DIR:?}"/*/ | tail -n 1)
restic snapshots >/dev/null 2>&1 || restic init
restic backup --host societydesk "$newest"
restic forget --host societydesk --group-by host --keep-last 7 --prune
