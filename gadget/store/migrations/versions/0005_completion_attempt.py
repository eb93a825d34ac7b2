"""Each completion names the attempt that earned it, so that undoing the end of a game takes
back exactly what that game completed (and the cities it opened), nothing more.

Revision ID: 0005
Revises: 0004

Completions saved before are linked to the team's first won attempt of that mission played at
the moment of the completion; one imported without such an attempt keeps no link (it is never
taken back).
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("completions") as completions:
        completions.add_column(sa.Column("attempt_id", sa.Integer(), nullable=True))
        completions.create_foreign_key(
            "fk_completions_attempt_id_attempts", "attempts", ["attempt_id"], ["id"]
        )
    op.get_bind().execute(
        sa.text(
            "UPDATE completions SET attempt_id = ("
            " SELECT MIN(attempts.id) FROM attempts"
            " WHERE attempts.team_id = completions.team_id"
            " AND attempts.mission_id = completions.mission_id"
            " AND attempts.won AND attempts.played_at = completions.completed_at)"
        )
    )


def downgrade() -> None:
    with op.batch_alter_table("completions") as completions:
        completions.drop_constraint("fk_completions_attempt_id_attempts", type_="foreignkey")
        completions.drop_column("attempt_id")
