upl/0pjg1AuYA+qJcoGaksiXwwVLrZHn/GPBY/kJMU+jcqlzeQml3BtpdTw8sxYSFX7cyWe/baAFqn9/C3rIAg==
