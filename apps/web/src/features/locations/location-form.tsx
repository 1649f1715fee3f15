import { type Location, locationCreate, locationPatch, paymentMethods } from '@kovanica/contract';
import { NumberInput, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import type { ClipboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanyField, useCompanyChoice } from '../../components/company-field.tsx';
import { NavigateLinks } from '../../components/navigate-links.tsx';
import { Portlet } from '../../components/portlet.tsx';
import { MultiReferenceSelect, ReferenceSelect } from '../../components/reference-select.tsx';
import { EditPage, FormCard, NewPage } from '../../components/resource-pages.tsx';
import { useAccess } from '../../lib/access.ts';
import { citiesApi } from '../../lib/apis/cities.ts';
import { lessorsApi } from '../../lib/apis/lessors.ts';
import { locationsApi } from '../../lib/apis/locations.ts';
import { tagsApi } from '../../lib/apis/tags.ts';
import { usersApi } from '../../lib/apis/users.ts';
import { useItemForm } from '../../lib/resource-hooks.ts';
import { pastedCoordinates, toCreateInput, toPatchInput, valuesOf } from './location-values.ts';
import { RentalTermsFields } from './rental-terms-fields.tsx';
import { WorkingHoursFields } from './working-hours-fields.tsx';

/**
 * The one form of a location, for new and edit, in sections: general, working hours, rental terms,
 * fiscalisation, coordinates and tags. A new location opens its edit page once saved.
 */
export function LocationForm({ location }: { location?: Location }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const companyChoice = useCompanyChoice();
  const resourceForm = useItemForm(locationsApi, {
    item: location,
    valuesOf,
    newValues: { company: companyChoice.initial },
    create: { schema: locationCreate, toInput: toCreateInput },
    update: { schema: locationPatch, toInput: toPatchInput },
    // A section may be folded or far down: say that something needs fixing, next to the button.
    invalid: t('resources.locations.fixErrors'),
  });
  const { form, isNew, readOnly } = resourceForm;
  /** A pasted coordinate as meant: a decimal comma kept, a latitude and longitude pasted together put in both fields. */
  const pasteCoordinate = (field: 'latitude' | 'longitude') => (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = pastedCoordinates(event.clipboardData.getData('text'));
    if (!pasted) return;
    event.preventDefault();
    if ('value' in pasted) form.setFieldValue(field, pasted.value);
    else form.setValues({ latitude: pasted.latitude, longitude: pasted.longitude });
  };

  // Lessors, tags and workers belong to the location's company: offer only that company's.
  const values = form.getValues();
  const company = values.company ?? location?.company;
  const ofCompany = company ? { company } : undefined;
  const section = (key: string) => t(`resources.locations.sections.${key}`);

  return (
    <FormCard api={locationsApi} form={resourceForm} sections>
      <Portlet title={section('general')}>
        <Stack maw={800}>
          {isNew && companyChoice.needed && (
            <CompanyField label={t('resources.locations.fields.company')} {...form.getInputProps('company')} />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('resources.locations.fields.name')}
              required
              withAsterisk
              autoComplete="off"
              {...form.getInputProps('name')}
            />
            <ReferenceSelect
              api={citiesApi}
              label={t('resources.locations.fields.city')}
              required
              withAsterisk
              {...form.getInputProps('city')}
              value={values.city}
            />
            <ReferenceSelect
              api={lessorsApi}
              label={t('resources.locations.fields.lessor')}
              baseQuery={ofCompany}
              {...form.getInputProps('lessor')}
              value={values.lessor}
            />
            {can('users.read') ? (
              <ReferenceSelect
                api={usersApi}
                label={t('resources.locations.fields.responsibleWorker')}
                optionLabel={(u) => `${u.name} ${u.surname}`}
                searchField="surname"
                baseQuery={{ ...ofCompany, active: true }}
                {...form.getInputProps('responsibleWorker')}
                value={values.responsibleWorker}
              />
            ) : (
              // Listing users needs `users.read`, which only admins have: others see who it is.
              <TextInput
                label={t('resources.locations.fields.responsibleWorker')}
                description={t('resources.locations.workerNoAccess')}
                value={location?.responsibleWorkerName ?? t('resources.locations.workerNone')}
                readOnly
                disabled
              />
            )}
            <TextInput label={t('resources.locations.fields.street')} autoComplete="off" {...form.getInputProps('street')} />
            <TextInput label={t('resources.locations.fields.address')} autoComplete="off" {...form.getInputProps('address')} />
          </SimpleGrid>
          <Textarea
            label={t('resources.locations.fields.description')}
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps('description')}
          />
          <Switch
            label={t('resources.locations.fields.active')}
            description={t('resources.locations.activeHint')}
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
        </Stack>
      </Portlet>

      <Portlet title={section('workingHours')}>
        <WorkingHoursFields form={form} disabled={readOnly} />
      </Portlet>

      <Portlet title={section('rentalTerms')}>
        <Stack maw={800}>
          <RentalTermsFields form={form} location={location} disabled={readOnly} />
        </Stack>
      </Portlet>

      <Portlet title={section('fiscalization')}>
        <Stack maw={800}>
          <Switch
            label={t('resources.locations.fields.fiscalization')}
            description={t('resources.locations.fiscalizationHint')}
            {...form.getInputProps('fiscalization', { type: 'checkbox' })}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('resources.locations.fields.paymentMethod')}
              data={paymentMethods.map((m) => ({ value: m, label: t(`resources.locations.paymentMethods.${m}`) }))}
              allowDeselect={false}
              {...form.getInputProps('paymentMethod')}
            />
            <TextInput
              label={t('resources.locations.fields.premisesLabel')}
              description={t('resources.locations.premisesLabelHint')}
              maxLength={20}
              autoComplete="off"
              {...form.getInputProps('premisesLabel')}
            />
          </SimpleGrid>
        </Stack>
      </Portlet>

      <Portlet title={section('coordinates')}>
        <Stack maw={800}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label={t('resources.locations.fields.latitude')}
              description={t('resources.locations.latitudeHint')}
              decimalScale={7}
              min={-90}
              max={90}
              clampBehavior="none"
              hideControls
              inputMode="decimal"
              {...form.getInputProps('latitude')}
              onPaste={pasteCoordinate('latitude')}
            />
            <NumberInput
              label={t('resources.locations.fields.longitude')}
              description={t('resources.locations.longitudeHint')}
              decimalScale={7}
              min={-180}
              max={180}
              clampBehavior="none"
              hideControls
              inputMode="decimal"
              {...form.getInputProps('longitude')}
              onPaste={pasteCoordinate('longitude')}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('resources.locations.coordinatesPasteHint')}
          </Text>
          {/* The way to the saved place (not to coordinates typed but not yet saved). */}
          {location?.latitude != null && location.longitude != null && (
            <NavigateLinks point={{ lat: location.latitude, lng: location.longitude }} name={location.name} />
          )}
        </Stack>
      </Portlet>

      <Portlet title={section('tags')}>
        <Stack maw={800}>
          <MultiReferenceSelect
            api={tagsApi}
            label={t('resources.locations.fields.tags')}
            description={t('resources.locations.tagsHint')}
            baseQuery={ofCompany}
            {...form.getInputProps('tags')}
            value={values.tags}
          />
        </Stack>
      </Portlet>
    </FormCard>
  );
}

export const LocationNewPage = () => (
  <NewPage api={locationsApi}>
    <LocationForm />
  </NewPage>
);

export const LocationEditPage = ({ id }: { id: number }) => (
  <EditPage api={locationsApi} id={id}>
    {(location) => <LocationForm key={location.id} location={location} />}
  </EditPage>
);
