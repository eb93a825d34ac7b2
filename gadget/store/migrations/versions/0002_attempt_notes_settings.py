"""Notes on each attempt, an index for a team's history, app settings, names unique in any case.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("attempts") as attempts:
        attempts.add_column(sa.Column("notes", sa.Text(), nullable=False, server_default=""))
    op.create_index("ix_attempts_team_mission", "attempts", ["team_id", "mission_id"])
    op.create_index("ix_teams_name_lower", "teams", [sa.text("lower(name)")], unique=True)
    op.create_table(
        "settings",
        sa.Column("key", sa.String(), primary_key=True),
        sa.Column("value", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    op.drop_index("ix_teams_name_lower", "teams")
    op.drop_table("settings")
    op.drop_index("ix_attempts_team_mission", "attempts")
    with op.batch_alter_table("attempts") as attempts:
        attempts.drop_column("notes")
