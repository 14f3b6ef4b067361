"""The Discord adapter, the table service and its storage."""
