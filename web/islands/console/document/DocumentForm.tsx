import { useId, type ReactNode } from 'react';
import type { Category } from '../api';
import type { DocumentFields, FieldErrors } from '../validation';
import { tc } from '../../../strings/console';

const t = tc.form;

export interface DocumentFormValues extends DocumentFields {
  version: string;
}

export interface DocumentFormProps {
  mode: 'add' | 'edit' | 'view';
  values: DocumentFormValues;
  onChange?: (patch: Partial<DocumentFormValues>) => void;
  errors?: FieldErrors;
  /** errors show once a field was touched or a save was attempted */
  touched?: Partial<Record<keyof FieldErrors, boolean>>;
  categories: Category[];
  /** shown in view mode (the category may no longer be in the list) */
  categoryName?: string | null;
  onAddCategory?: () => void;
  fileStep: ReactNode;
  textStep: (labelId: string) => ReactNode;
}

function Step({
  n,
  title,
  required,
  optional,
  labelFor,
  labelId,
  children,
}: {
  n: number;
  title: string;
  required?: boolean;
  optional?: boolean;
  labelFor?: string;
  labelId?: string;
  children: ReactNode;
}) {
  const Tag = labelFor ? 'label' : 'span';
  return (
    <section className="form-step" aria-labelledby={labelId}>
      <span className="form-step-num" aria-hidden="true">
        {n}
      </span>
      <div className="form-step-body">
        <Tag className="form-step-title" id={labelId} {...(labelFor ? { htmlFor: labelFor } : {})}>
          <span className="visually-hidden">{t.step(n)}: </span>
          {title}
          {required && (
            <span className="req" title={t.required}>
              {' '}
              *<span className="visually-hidden">({t.required})</span>
            </span>
          )}
          {optional && <span className="muted"> {t.optional}</span>}
        </Tag>
        {children}
      </div>
    </section>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="field-error" role="alert">
      {message}
    </p>
  ) : null;
}

/** The seven-part document form of console.md §2, shared by add, edit (editable) and view (read only). */
export function DocumentForm({
  mode,
  values,
  onChange,
  errors = {},
  touched = {},
  categories,
  categoryName,
  onAddCategory,
  fileStep,
  textStep,
}: DocumentFormProps) {
  const id = useId();
  const ro = mode === 'view';
  const show = (k: keyof FieldErrors) => (touched[k] ? errors[k] : undefined);
  const set = (patch: Partial<DocumentFormValues>) => onChange?.(patch);
  const inputProps = (k: 'fileName' | 'fallbackContact' | 'version') => ({
    id: `${id}-${k}`,
    readOnly: ro,
    'aria-invalid': show(k) ? true : undefined,
    'aria-describedby': show(k) ? `${id}-${k}-err` : undefined,
  });
  const known = categories.some((c) => c.ID === values.categoryId);

  return (
    <div className={`doc-form doc-form-${mode}`}>
      <Step n={1} title={t.file} required labelId={`${id}-l1`}>
        {fileStep}
        <FieldError id={`${id}-file-err`} message={show('file')} />
      </Step>
      <Step n={2} title={t.name} required labelFor={`${id}-fileName`} labelId={`${id}-l2`}>
        <input
          type="text"
          {...inputProps('fileName')}
          value={values.fileName}
          maxLength={255}
          placeholder={ro ? undefined : t.namePlaceholder}
          onChange={(e) => set({ fileName: e.target.value })}
        />
        <FieldError id={`${id}-fileName-err`} message={show('fileName')} />
        {mode !== 'add' && (
          <div className="version-field">
            <label htmlFor={`${id}-version`}>{t.version}</label>
            <input type="text" {...inputProps('version')} value={values.version} maxLength={20} onChange={(e) => set({ version: e.target.value })} />
            <FieldError id={`${id}-version-err`} message={show('version')} />
          </div>
        )}
      </Step>
      <Step n={3} title={t.description} optional labelFor={`${id}-desc`} labelId={`${id}-l3`}>
        <textarea
          id={`${id}-desc`}
          rows={3}
          readOnly={ro}
          value={ro && !values.description ? t.noDescription : values.description}
          maxLength={2000}
          placeholder={ro ? undefined : t.descriptionPlaceholder}
          onChange={(e) => set({ description: e.target.value })}
        />
      </Step>
      <Step n={4} title={t.category} required labelFor={`${id}-cat`} labelId={`${id}-l4`}>
        {ro ? (
          <input id={`${id}-cat`} type="text" readOnly value={categoryName?.trim() || tc.library.noCategory} />
        ) : (
          <div className="category-field">
            <select
              id={`${id}-cat`}
              value={values.categoryId}
              aria-invalid={show('categoryId') ? true : undefined}
              aria-describedby={show('categoryId') ? `${id}-categoryId-err` : undefined}
              onChange={(e) => set({ categoryId: e.target.value })}
            >
              <option value="">{t.chooseCategory}</option>
              {!known && values.categoryId && <option value={values.categoryId}>{categoryName ?? values.categoryId}</option>}
              {categories.map((c) => (
                <option key={c.ID} value={c.ID}>
                  {c.categoryName}
                </option>
              ))}
            </select>
            {onAddCategory && (
              <button type="button" className="btn btn-outline btn-sm" onClick={onAddCategory}>
                + {t.addCategory}
              </button>
            )}
          </div>
        )}
        <FieldError id={`${id}-categoryId-err`} message={show('categoryId')} />
      </Step>
      <Step n={5} title={t.ready} required labelId={`${id}-l5`}>
        <label className="switch switch-labelled">
          <input
            type="checkbox"
            role="switch"
            checked={values.isActive}
            disabled={ro}
            onChange={(e) => set({ isActive: e.target.checked })}
            aria-describedby={`${id}-ready-hint`}
          />
          <span className="switch-track" aria-hidden="true" />
          <span className={values.isActive ? 'ready-on' : 'ready-off'}>{values.isActive ? t.readyOn : t.readyOff}</span>
        </label>
        {!ro && (
          <p id={`${id}-ready-hint`} className="fineprint">
            {t.readyHint}
          </p>
        )}
      </Step>
      <Step n={6} title={t.contact} required labelFor={`${id}-fallbackContact`} labelId={`${id}-l6`}>
        <input
          type="text"
          {...inputProps('fallbackContact')}
          value={values.fallbackContact}
          maxLength={1000}
          placeholder={ro ? undefined : t.contactPlaceholder}
          onChange={(e) => set({ fallbackContact: e.target.value })}
        />
        <FieldError id={`${id}-fallbackContact-err`} message={show('fallbackContact')} />
      </Step>
      <Step n={7} title={t.text} labelId={`${id}-l7`}>
        {textStep(`${id}-l7`)}
      </Step>
    </div>
  );
}
