import { Button, Group, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import {
  descriptionFontSizeChoices,
  parseRichDescription,
  type RichNode,
} from '@portico/contracts/payment-frame/rich-description';
import { createElement, type ReactNode, useRef } from 'react';
import { type DescriptionStyle, wrapSelection } from '../utils/description-markup.utils';

// The link description as rich text: a toolbar that wraps the selected words in an allow-listed tag,
// the markup itself, and a preview built as the payment frame builds it (elements from the parse,
// never raw HTML). The server refuses markup outside the allow-list when it signs the link.

function previewOf(nodes: readonly RichNode[], path = 'n'): ReactNode[] {
  return nodes.map((node, index) => {
    const key = `${path}-${index}`;
    if (node.kind === 'text') return node.text;
    const style = node.fontSize === undefined ? undefined : { fontSize: `${node.fontSize}px` };
    return createElement(
      node.tag,
      { key, style },
      node.tag === 'br' ? undefined : previewOf(node.children, key),
    );
  });
}

const toolbar: { label: string; style: DescriptionStyle }[] = [
  { label: 'Bold', style: 'strong' },
  { label: 'Italic', style: 'em' },
  { label: 'Underline', style: 'u' },
  { label: 'Strike', style: 's' },
  { label: 'List', style: 'ul' },
];

export function DescriptionEditor({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const area = useRef<HTMLTextAreaElement>(null);
  const parsed = parseRichDescription(value);
  const apply = (style: DescriptionStyle) => {
    const node = area.current;
    const selection = {
      start: node?.selectionStart ?? value.length,
      end: node?.selectionEnd ?? value.length,
    };
    const edit = wrapSelection(value, selection, style);
    onChange(edit.text);
    requestAnimationFrame(() => {
      node?.focus();
      node?.setSelectionRange(edit.selection.start, edit.selection.end);
    });
  };
  return (
    <Stack gap={4}>
      <Textarea
        ref={area}
        label="Description"
        description="Select words, then choose a style or a font size (10 to 30 px)."
        rows={4}
        // The toolbar sits between the label and the markup it edits.
        inputContainer={(input) => (
          <Stack gap={4}>
            <Group gap={4} role="toolbar" aria-label="Description formatting">
              {toolbar.map((tool) => (
                <Button
                  key={tool.label}
                  size="compact-xs"
                  variant="default"
                  onClick={() => apply(tool.style)}
                >
                  {tool.label}
                </Button>
              ))}
              <Select
                aria-label="Font size"
                placeholder="Font size"
                size="xs"
                w={110}
                data={descriptionFontSizeChoices.map((size) => ({
                  value: String(size),
                  label: `${size} px`,
                }))}
                value={null}
                onChange={(size) => {
                  if (size) apply({ fontSize: Number(size) });
                }}
                comboboxProps={{ withinPortal: true }}
              />
            </Group>
            {input}
          </Stack>
        )}
        value={value}
        error={parsed.ok ? undefined : parsed.message}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {parsed.ok && value.trim() !== '' && (
        <Paper withBorder p="xs" aria-label="Description preview">
          <Text size="xs" c="dimmed">
            Preview
          </Text>
          <div style={{ overflowWrap: 'anywhere' }}>{previewOf(parsed.nodes)}</div>
        </Paper>
      )}
    </Stack>
  );
}
